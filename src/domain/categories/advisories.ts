// Builders for advisory items. Services that need I/O (EORI look-ups, operator attribution, unit
// links, QR rendering) raise their warnings and notices through `advisory` so that every item
// carries a stable code, a developer message and the params the localised message needs.
import type { AdvisoryCode, ErrorCode } from './codes.ts';
import { developerMessage, type Params } from './messages.ts';
import type { AdvisoryItem } from './types.ts';

export {
  type AdvisoryCode,
  ERROR_CODES,
  type ErrorCode,
  isErrorCode,
  localeKey,
  NOTICE_CODES,
  type NoticeCode,
  WARNING_CODES,
  type WarningCode,
} from './codes.ts';

function item(code: string, message: string, params?: Params, path?: string): AdvisoryItem {
  const built: AdvisoryItem = { code, message };
  if (path !== undefined) built.path = path;
  if (params !== undefined && Object.keys(params).length > 0) built.params = params;
  return built;
}

/** A warning or notice, e.g. `advisory('EORI_NOT_FOUND', { eori }, '/economicOperator/regId')`. */
export function advisory(code: AdvisoryCode, params?: Params, path?: string): AdvisoryItem {
  return item(code, developerMessage(code, params), params, path);
}

/** A validation error; `path` is a JSON pointer rooted at the passport body. */
export function validationError(code: ErrorCode, path: string, params?: Params): AdvisoryItem {
  return item(code, developerMessage(code, params), params, path);
}
