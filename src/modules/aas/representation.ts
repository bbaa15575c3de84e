// `Accept: application/aas+json`: the passport as an AAS V3.0 Environment (docs/aas.md), built from
// the tier view, so it is masked like every representation.

import { Type } from 'typebox';
import type { Representation } from '../../core/representations.ts';
import { passportToEnvironment } from '../../domain/aas/index.ts';

export const aasRepresentation: Representation = {
  type: 'application/aas+json',
  contentType: 'application/aas+json; charset=utf-8',
  serves: ['passport'],
  kept: true,
  render: (subject, { baseUrl }) => JSON.stringify(passportToEnvironment(subject.view, { baseUrl })),
  schema: Type.Object({}, { additionalProperties: true, description: 'an AAS V3.0 Environment (JSON)' }),
};
