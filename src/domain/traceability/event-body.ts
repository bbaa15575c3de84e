// The body of `POST /api/v1/events`: one EPCIS 2.0 event (JSON or JSON-LD), or a UNTP traceability
// event or credential. A UNTP body is told apart by its shape: a credentialSubject, or a `type` that
// is an array (`["TransformationEvent", "Event"]`); an EPCIS event's type is a single string.
import { validateEpcisEvent } from './epcis-document.ts';
import type { ValidationResult } from './types.ts';
import { isUntpShape, validateUntpEvent } from './untp-event.ts';

export function validateTraceabilityEvent(json: unknown): ValidationResult {
  return isUntpShape(json) ? validateUntpEvent(json) : validateEpcisEvent(json);
}
