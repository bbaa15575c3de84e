// Maps ajv errors onto the closed set of validation codes. ajv's own messages never reach clients:
// they are not stable and not localisable.
import type { ErrorObject } from 'ajv';
import { validationError } from './advisories.ts';
import type { ErrorCode } from './codes.ts';
import { Findings } from './findings.ts';
import type { Params } from './messages.ts';
import { childPointer, fieldLabel, METADATA_ROOT } from './pointer.ts';
import type { AdvisoryItem } from './types.ts';

const COMPARISON: Record<string, string> = { '>=': '≥', '<=': '≤', '>': '>', '<': '<' };
const BRANCHING = new Set(['anyOf', 'oneOf']);

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? String(value);
}

function param(error: ErrorObject, name: string): unknown {
  const params: Record<string, unknown> = error.params;
  return params[name];
}

/** What an ajv error says in our terms, before its label and message are made. */
interface Located {
  code: ErrorCode;
  path: string;
  extra?: Params;
}

function make(code: ErrorCode, path: string, extra?: Params): Located {
  return extra === undefined ? { code, path } : { code, path, extra };
}

function locate(error: ErrorObject): Located {
  const at = `${METADATA_ROOT}${error.instancePath}`;
  const limit = Number(param(error, 'limit'));

  switch (error.keyword) {
    case 'required':
    case 'dependentRequired':
      return make('REQUIRED_FIELD_MISSING', childPointer(at, text(param(error, 'missingProperty'))));
    case 'additionalProperties':
      return make('UNKNOWN_FIELD', childPointer(at, text(param(error, 'additionalProperty'))));
    case 'unevaluatedProperties':
      return make('UNKNOWN_FIELD', childPointer(at, text(param(error, 'unevaluatedProperty'))));
    case 'type': {
      const type = param(error, 'type');
      return make('WRONG_TYPE', at, { expected: Array.isArray(type) ? type.join(' or ') : text(type) });
    }
    case 'enum': {
      const allowed = param(error, 'allowedValues');
      return make('VALUE_NOT_ALLOWED', at, {
        allowed: Array.isArray(allowed) ? allowed.map(text).join(', ') : '',
      });
    }
    case 'const':
      return make('VALUE_NOT_ALLOWED', at, { allowed: text(param(error, 'allowedValue')) });
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const comparison = COMPARISON[text(param(error, 'comparison'))] ?? '';
      return make('VALUE_OUT_OF_RANGE', at, { range: `${comparison} ${limit}`, limit });
    }
    case 'pattern':
      return make('PATTERN_MISMATCH', at, { pattern: text(param(error, 'pattern')) });
    case 'format':
      return make('INVALID_FORMAT', at, { format: text(param(error, 'format')) });
    case 'minLength':
      return make('TOO_SHORT', at, { limit });
    case 'maxLength':
      return make('TOO_LONG', at, { limit });
    case 'minItems':
    case 'minContains':
      return make('TOO_FEW_ITEMS', at, { limit });
    case 'maxItems':
    case 'maxContains':
    case 'additionalItems':
    case 'unevaluatedItems':
      return make('TOO_MANY_ITEMS', at, { limit });
    case 'uniqueItems':
      return make('DUPLICATE_ITEMS', at);
    default:
      return make('INVALID_VALUE', at, { keyword: error.keyword });
  }
}

/** The item of a located error: its field's label and developer message are the costly part. */
const itemOf = ({ code, path, extra }: Located): AdvisoryItem =>
  validationError(code, path, { field: fieldLabel(path), ...extra });

/**
 * With allErrors, a failed anyOf/oneOf also reports the failures of every branch, which contradict
 * each other ("must be a string", "must be an object"). Only the branching error is kept then. An
 * `if` error is always accompanied by the errors of its then/else schema, so it adds nothing.
 */
function relevant(errors: readonly ErrorObject[]): ErrorObject[] {
  const branchRoots = errors.filter((e) => BRANCHING.has(e.keyword));
  return errors.filter((e) => {
    if (e.keyword === 'if') return false;
    return !branchRoots.some(
      (root) =>
        root !== e &&
        e.schemaPath.startsWith(`${root.schemaPath}/`) &&
        e.instancePath.startsWith(root.instancePath),
    );
  });
}

/** Adds the mapped errors to `findings` (a fresh collector when none is given) until it is full. */
export function mapAjvErrors(
  errors: readonly ErrorObject[] | null | undefined,
  findings: Findings = new Findings(),
): AdvisoryItem[] {
  const seen = new Set<string>();
  for (const error of relevant(errors ?? [])) {
    if (!findings.hasRoom()) break;
    const located = locate(error);
    const key = `${located.code} ${located.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.errorOf(located.code, () => itemOf(located));
  }
  return findings.errors;
}
