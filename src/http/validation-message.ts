// The message of a request that breaks its route's schema, saying the fix where ajv only says
// "must be equal to one of the allowed values": a refused choice lists the values it allows, both
// for an `enum` and for a union of constants (`anyOf` of `const`, which TypeBox unions of literals
// compile to). Other failures keep the framework's wording.
import type { FastifyError } from 'fastify';

type Failure = NonNullable<FastifyError['validation']>[number];

const ENUM_WORDS = 'must be equal to one of the allowed values';
const ANY_OF_WORDS = 'must match a schema in anyOf';

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The values each refused choice allows, by the path of the value refused. */
function allowedByPath(failures: readonly Failure[]): Map<string, string[]> {
  const allowed = new Map<string, string[]>();
  const add = (path: string, values: unknown[]) => {
    const list = allowed.get(path) ?? [];
    for (const value of values.map(shown)) if (!list.includes(value)) list.push(value);
    allowed.set(path, list);
  };
  for (const failure of failures) {
    const params = failure.params as Record<string, unknown>;
    if (failure.keyword === 'enum' && Array.isArray(params.allowedValues))
      add(failure.instancePath, params.allowedValues);
    if (failure.keyword === 'const' && 'allowedValue' in params)
      add(failure.instancePath, [params.allowedValue]);
  }
  return allowed;
}

export function validationMessage(error: FastifyError): string {
  const failures = error.validation ?? [];
  const allowed = allowedByPath(failures);
  if (allowed.size === 0) return error.message;
  const context = error.validationContext ?? 'body';
  // One sentence per refused path, the allowed values once; other failures keep ajv's words.
  const said = new Set<string>();
  const parts: string[] = [];
  for (const failure of failures) {
    const path = failure.instancePath;
    const values = allowed.get(path);
    const isChoice =
      values !== undefined &&
      (failure.keyword === 'enum' || failure.keyword === 'const' || failure.message === ANY_OF_WORDS);
    if (isChoice) {
      if (said.has(path)) continue;
      said.add(path);
      parts.push(`${context}${path} must be one of: ${values.join(', ')}`);
    } else if (failure.message !== ENUM_WORDS) {
      parts.push(`${context}${path} ${failure.message ?? 'is invalid'}`);
    }
  }
  return parts.join(', ');
}
