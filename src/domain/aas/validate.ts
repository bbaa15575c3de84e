// Whether a JSON value is an AAS V3.0 Environment: aas-core's jsonization (shapes, required members,
// enumerations, model types) and verification (patterns, lengths, value types, the AASd constraints),
// plus one check aas-core leaves out: members the metamodel does not define. aas-core skips them
// silently, but the AAS JSON schema's examples never carry any and the aas-core test generator counts
// them as malformed, so an environment that would lose data on its way in is refused instead.
import { jsonization, type types, verification } from '@aas-core-works/aas-core3.0-typescript';
import { pointerOf } from '../json/hygiene.ts';

export interface EnvironmentProblem {
  /** JSON pointer (RFC 6901) into the submitted environment. */
  path: string;
  message: string;
}

export type EnvironmentValidation =
  | { ok: true; environment: types.Environment }
  | { ok: false; errors: EnvironmentProblem[] };

/** Verification errors reported at most, so that a huge broken environment costs a bounded answer. */
export const MAX_ENVIRONMENT_ERRORS = 100;

type Segment = { name: string } | { index: number };

function pointerOfSegments(segments: readonly Segment[]): string {
  let path = '';
  for (const segment of segments) path = pointerOf(path, 'name' in segment ? segment.name : segment.index);
  return path;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Members of `input` that the re-serialised `output` lacks. Deserialisation keeps every member it
 * knows, arrays keep their order, so a member missing from the output is one the metamodel does not
 * define (or defines for another class).
 */
function unknownMembers(input: unknown, output: unknown, path: string, found: EnvironmentProblem[]): void {
  if (found.length >= MAX_ENVIRONMENT_ERRORS) return;
  if (Array.isArray(input) && Array.isArray(output)) {
    for (const [index, item] of input.entries())
      unknownMembers(item, output[index], pointerOf(path, index), found);
  } else if (isObject(input) && isObject(output)) {
    for (const [key, value] of Object.entries(input)) {
      const at = pointerOf(path, key);
      if (!Object.hasOwn(output, key)) found.push({ path: at, message: `Unexpected member '${key}'` });
      else unknownMembers(value, output[key], at, found);
    }
  }
}

/**
 * Levels of JSON nesting an environment may have. aas-core reads recursively; the passport
 * submodel nests about two levels per level of the document, plus about four for the envelope.
 */
export const MAX_ENVIRONMENT_DEPTH = 128;

/** The pointer of the first value nested deeper than the limit, or null. Iterative, never recursive. */
function tooDeep(json: unknown): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: json, path: '', depth: 1 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_ENVIRONMENT_DEPTH) return path;
    for (const [key, child] of Object.entries(value)) {
      stack.push({ value: child, path: pointerOf(path, key), depth: depth + 1 });
    }
  }
  return null;
}

export function validateEnvironment(json: unknown): EnvironmentValidation {
  if (!isObject(json)) {
    return { ok: false, errors: [{ path: '', message: 'An environment is a JSON object' }] };
  }
  const deep = tooDeep(json);
  if (deep !== null) {
    return {
      ok: false,
      errors: [{ path: deep, message: `Nested deeper than ${MAX_ENVIRONMENT_DEPTH} levels` }],
    };
  }
  const parsed = jsonization.environmentFromJsonable(json as jsonization.JsonObject);
  if (parsed.error !== null) {
    const error = parsed.error;
    return {
      ok: false,
      errors: [{ path: pointerOfSegments(error.path.segments()), message: error.message }],
    };
  }
  const environment = parsed.mustValue();
  const errors: EnvironmentProblem[] = [];
  unknownMembers(json, jsonization.toJsonable(environment), '', errors);
  for (const error of verification.verify(environment)) {
    if (errors.length >= MAX_ENVIRONMENT_ERRORS) break;
    errors.push({ path: pointerOfSegments(error.path.segments), message: error.message });
  }
  return errors.length === 0 ? { ok: true, environment } : { ok: false, errors };
}
