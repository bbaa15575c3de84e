// Checks a value against a FieldSpec and reports the same codes and params the ajv mapping uses.
import { validationError } from '../advisories.ts';
import type { ErrorCode } from '../codes.ts';
import type { Params } from '../messages.ts';
import { childPointer, fieldLabel } from '../pointer.ts';
import type { AdvisoryItem } from '../types.ts';
import { FORMAT_CHECKS } from './formats.ts';
import type { ArraySpec, FieldSpec, NumberSpec, ObjectSpec, StringSpec } from './spec.ts';

/** Strings without an explicit limit still get one: a passport field is never a novel. */
const DEFAULT_MAX_LENGTH = 1000;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function error(code: ErrorCode, path: string, extra: Params = {}): AdvisoryItem {
  return validationError(code, path, { field: fieldLabel(path), ...extra });
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function checkString(spec: StringSpec, value: string, path: string): AdvisoryItem[] {
  const length = [...value].length;
  if (spec.enum && !spec.enum.includes(value))
    return [error('VALUE_NOT_ALLOWED', path, { allowed: spec.enum.join(', ') })];
  const found: AdvisoryItem[] = [];
  if (spec.minLength !== undefined && length < spec.minLength)
    found.push(error('TOO_SHORT', path, { limit: spec.minLength }));
  const max = spec.maxLength ?? DEFAULT_MAX_LENGTH;
  if (length > max) found.push(error('TOO_LONG', path, { limit: max }));
  if (spec.pattern && !spec.pattern.test(value))
    found.push(error('PATTERN_MISMATCH', path, { pattern: spec.pattern.source }));
  const format = spec.format;
  if (format && !FORMAT_CHECKS[format]?.(value)) found.push(error('INVALID_FORMAT', path, { format }));
  return found;
}

function checkNumber(spec: NumberSpec, value: number, path: string): AdvisoryItem[] {
  if (!Number.isFinite(value) || (spec.type === 'integer' && !Number.isInteger(value))) {
    return [error('WRONG_TYPE', path, { expected: spec.type })];
  }
  const found: AdvisoryItem[] = [];
  if (spec.minimum !== undefined && value < spec.minimum) {
    found.push(error('VALUE_OUT_OF_RANGE', path, { range: `≥ ${spec.minimum}`, limit: spec.minimum }));
  }
  if (spec.exclusiveMinimum !== undefined && value <= spec.exclusiveMinimum) {
    found.push(
      error('VALUE_OUT_OF_RANGE', path, {
        range: `> ${spec.exclusiveMinimum}`,
        limit: spec.exclusiveMinimum,
      }),
    );
  }
  if (spec.maximum !== undefined && value > spec.maximum) {
    found.push(error('VALUE_OUT_OF_RANGE', path, { range: `≤ ${spec.maximum}`, limit: spec.maximum }));
  }
  return found;
}

function checkObject(spec: ObjectSpec, value: Record<string, unknown>, path: string): AdvisoryItem[] {
  const found: AdvisoryItem[] = [];
  for (const [name, field] of Object.entries(spec.properties)) {
    const at = childPointer(path, name);
    if (!Object.hasOwn(value, name) || value[name] === undefined) {
      if (!field.optional) found.push(error('REQUIRED_FIELD_MISSING', at));
      continue;
    }
    found.push(...checkField(field, value[name], at));
  }
  // Unknown fields are errors rather than ignored: a misspelt optional field would otherwise vanish
  // from the passport without anyone noticing.
  for (const name of Object.keys(value)) {
    if (!Object.hasOwn(spec.properties, name)) found.push(error('UNKNOWN_FIELD', childPointer(path, name)));
  }
  return found;
}

function checkArray(spec: ArraySpec, value: readonly unknown[], path: string): AdvisoryItem[] {
  const found: AdvisoryItem[] = [];
  if (spec.minItems !== undefined && value.length < spec.minItems) {
    found.push(error('TOO_FEW_ITEMS', path, { limit: spec.minItems }));
  }
  if (spec.maxItems !== undefined && value.length > spec.maxItems) {
    found.push(error('TOO_MANY_ITEMS', path, { limit: spec.maxItems }));
    return found; // the items of an over-long list are not worth a report each
  }
  value.forEach((entry, index) => {
    found.push(...checkField(spec.items, entry, childPointer(path, index)));
  });
  if (spec.uniqueBy !== undefined && hasDuplicates(value, spec.uniqueBy))
    found.push(error('DUPLICATE_ITEMS', path));
  return found;
}

function hasDuplicates(entries: readonly unknown[], key: string): boolean {
  const seen = new Set<string>();
  for (const entry of entries) {
    const keyValue = isRecord(entry) ? entry[key] : undefined;
    if (typeof keyValue !== 'string') continue;
    const normalised = keyValue.trim().toLowerCase();
    if (seen.has(normalised)) return true;
    seen.add(normalised);
  }
  return false;
}

/** Reports every problem of `value` at JSON pointer `path`; never throws. */
export function checkField(spec: FieldSpec, value: unknown, path: string): AdvisoryItem[] {
  switch (spec.type) {
    case 'string':
      return typeof value === 'string' ? checkString(spec, value, path) : [wrongType(spec.type, value, path)];
    case 'number':
    case 'integer':
      return typeof value === 'number' ? checkNumber(spec, value, path) : [wrongType(spec.type, value, path)];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [wrongType(spec.type, value, path)];
    case 'object':
      return isRecord(value) ? checkObject(spec, value, path) : [wrongType(spec.type, value, path)];
    case 'array':
      return Array.isArray(value) ? checkArray(spec, value, path) : [wrongType(spec.type, value, path)];
  }
}

function wrongType(expected: string, value: unknown, path: string): AdvisoryItem {
  return error('WRONG_TYPE', path, { expected, actual: jsonType(value) });
}
