// The validation engine over the served category schemas and the built-in rule sets. Pure: no I/O,
// never throws on any metadata; schemas are compiled once per category on first use.

import type { Findings } from './findings.ts';
import { METADATA_ROOT } from './pointer.ts';
import { categorySchemas, fieldAccess } from './schemas/index.ts';
import {
  type AccessTier,
  type Category,
  SCHEMA_CATEGORIES,
  type SchemaCategory,
  type ValidationContext,
  type ValidationResult,
} from './types.ts';
import { createValidator } from './validator.ts';

export { advisory, validationError } from './advisories.ts';
export { ERROR_CODES, localeKey, NOTICE_CODES, WARNING_CODES } from './codes.ts';
export { errorsFound, Findings, listsFewer, MAX_FINDINGS } from './findings.ts';
export { EXPECTED_GRANULARITY } from './granularity.ts';

function accessOf(category: SchemaCategory, pointer: string): AccessTier | undefined {
  const relative = pointer.startsWith(`${METADATA_ROOT}/`) ? pointer.slice(METADATA_ROOT.length) : pointer;
  return fieldAccess(category, relative);
}

const validateWith = createValidator({ schemas: categorySchemas, accessOf });

/**
 * Compiles every category schema now rather than on its first use, which would block that request
 * for the whole code generation (hundreds of milliseconds). For the server's boot; tests keep the
 * lazy default, since most never validate most categories.
 */
export function compileCategorySchemas(): void {
  for (const category of SCHEMA_CATEGORIES) validateWith(category, {});
}

/**
 * Validates the metadata of a passport of `category`; paths are rooted at the passport body. Items
 * go into `findings` when given (sharing its limit with what it already holds).
 */
export function validate(
  category: Category,
  metadata: unknown,
  context: ValidationContext = {},
  findings?: Findings,
): ValidationResult {
  return validateWith(category, metadata, context, findings);
}
