// Checks a value against a FieldSpec and reports the same codes and params the ajv mapping uses.
// Recursion follows the spec, never the value, so its depth is the spec's; each list and object of
// the value is walked in a loop that stops once the findings are full (findings.ts).
import { validationError } from '../advisories.ts';
import type { ErrorCode } from '../codes.ts';
import { Findings } from '../findings.ts';
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

/**
 * Reports one error; its item (label and message, the costly part) is made only when it is listed,
 * not when it is one of the many of its code that are only counted (findings.ts). False when full.
 */
function report(findings: Findings, code: ErrorCode, path: string, extra?: Params): boolean {
  return findings.errorOf(code, () => error(code, path, extra));
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Length in code points, counted only as far as `cap`: a hostile string costs no more than that. */
function codePoints(value: string, cap: number): number {
  if (value.length <= cap) return [...value].length;
  let count = 0;
  for (let i = 0; i < value.length && count <= cap; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) i++;
    count++;
  }
  return count;
}

function checkString(spec: StringSpec, value: string, path: string, findings: Findings): void {
  const max = spec.maxLength ?? DEFAULT_MAX_LENGTH;
  const length = codePoints(value, max);
  if (spec.enum && !spec.enum.includes(value)) {
    report(findings, 'VALUE_NOT_ALLOWED', path, { allowed: spec.enum.join(', ') });
    return;
  }
  if (spec.minLength !== undefined && length < spec.minLength)
    report(findings, 'TOO_SHORT', path, { limit: spec.minLength });
  if (length > max) report(findings, 'TOO_LONG', path, { limit: max });
  if (spec.pattern && !spec.pattern.test(value))
    report(findings, 'PATTERN_MISMATCH', path, { pattern: spec.pattern.source });
  const format = spec.format;
  if (format && !FORMAT_CHECKS[format]?.(value)) report(findings, 'INVALID_FORMAT', path, { format });
}

function checkNumber(spec: NumberSpec, value: number, path: string, findings: Findings): void {
  if (!Number.isFinite(value) || (spec.type === 'integer' && !Number.isInteger(value))) {
    report(findings, 'WRONG_TYPE', path, { expected: spec.type });
    return;
  }
  if (spec.minimum !== undefined && value < spec.minimum) {
    report(findings, 'VALUE_OUT_OF_RANGE', path, { range: `≥ ${spec.minimum}`, limit: spec.minimum });
  }
  if (spec.exclusiveMinimum !== undefined && value <= spec.exclusiveMinimum) {
    report(findings, 'VALUE_OUT_OF_RANGE', path, {
      range: `> ${spec.exclusiveMinimum}`,
      limit: spec.exclusiveMinimum,
    });
  }
  if (spec.maximum !== undefined && value > spec.maximum) {
    report(findings, 'VALUE_OUT_OF_RANGE', path, { range: `≤ ${spec.maximum}`, limit: spec.maximum });
  }
}

function checkObject(
  spec: ObjectSpec,
  value: Record<string, unknown>,
  path: string,
  findings: Findings,
): void {
  for (const [name, field] of Object.entries(spec.properties)) {
    if (!findings.hasRoom()) return;
    const at = childPointer(path, name);
    if (!Object.hasOwn(value, name) || value[name] === undefined) {
      if (!field.optional) report(findings, 'REQUIRED_FIELD_MISSING', at);
      continue;
    }
    checkField(field, value[name], at, findings);
  }
  // Unknown fields are errors rather than ignored: a misspelt optional field would otherwise vanish
  // from the passport without anyone noticing.
  for (const name of Object.keys(value)) {
    if (Object.hasOwn(spec.properties, name)) continue;
    if (!report(findings, 'UNKNOWN_FIELD', childPointer(path, name))) return;
  }
}

function checkArray(spec: ArraySpec, value: readonly unknown[], path: string, findings: Findings): void {
  if (spec.minItems !== undefined && value.length < spec.minItems) {
    report(findings, 'TOO_FEW_ITEMS', path, { limit: spec.minItems });
  }
  if (spec.maxItems !== undefined && value.length > spec.maxItems) {
    report(findings, 'TOO_MANY_ITEMS', path, { limit: spec.maxItems });
    return; // the items of an over-long list are not worth a report each
  }
  for (let index = 0; index < value.length; index++) {
    if (!findings.hasRoom()) return;
    checkField(spec.items, value[index], childPointer(path, index), findings);
  }
  if (spec.uniqueBy !== undefined && hasDuplicates(value, spec.uniqueBy))
    report(findings, 'DUPLICATE_ITEMS', path);
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

/**
 * Adds the problems of `value` at JSON pointer `path` to `findings` (a fresh collector when none is
 * given) while there is room, and returns its errors; never throws.
 */
export function checkField(
  spec: FieldSpec,
  value: unknown,
  path: string,
  findings: Findings = new Findings(),
): AdvisoryItem[] {
  switch (spec.type) {
    case 'string':
      if (typeof value === 'string') checkString(spec, value, path, findings);
      else wrongType(spec.type, value, path, findings);
      break;
    case 'number':
    case 'integer':
      if (typeof value === 'number') checkNumber(spec, value, path, findings);
      else wrongType(spec.type, value, path, findings);
      break;
    case 'boolean':
      if (typeof value !== 'boolean') wrongType(spec.type, value, path, findings);
      break;
    case 'object':
      if (isRecord(value)) checkObject(spec, value, path, findings);
      else wrongType(spec.type, value, path, findings);
      break;
    case 'array':
      if (Array.isArray(value)) checkArray(spec, value, path, findings);
      else wrongType(spec.type, value, path, findings);
      break;
  }
  return findings.errors;
}

function wrongType(expected: string, value: unknown, path: string, findings: Findings): void {
  report(findings, 'WRONG_TYPE', path, { expected, actual: jsonType(value) });
}
