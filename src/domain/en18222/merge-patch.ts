// JSON Merge Patch (RFC 7396): how EN 18222 UpdateDPPById and UpdateDataElement change a passport.
// Pure: neither the target nor the patch is modified, and the result shares no objects with the
// patch, so a caller may keep or change either afterwards.
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

const isObject = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A member named `__proto__` must become an own member, never the prototype of the result.
function setMember(object: Record<string, JsonValue>, key: string, value: JsonValue): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function copy(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(copy);
  if (!isObject(value)) return value;
  const result: Record<string, JsonValue> = {};
  for (const [key, member] of Object.entries(value)) setMember(result, key, copy(member));
  return result;
}

/**
 * The target with the patch applied. A patch that is not an object replaces the target; in an
 * object patch, `null` removes a member and any other value is merged into it recursively; arrays
 * are replaced whole. Members keep their order; new members come last, in patch order.
 */
export function applyMergePatch(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isObject(patch)) return copy(patch);
  const result: Record<string, JsonValue> = {};
  if (isObject(target)) for (const [key, value] of Object.entries(target)) setMember(result, key, value);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else setMember(result, key, applyMergePatch(Object.hasOwn(result, key) ? result[key] : undefined, value));
  }
  return result;
}

/**
 * A merge patch that turns `from` into `to` (member order aside), or undefined when they are equal.
 * A merge patch cannot set a member to null, so `to` must hold no null as an object member.
 */
export function createMergePatch(from: JsonValue, to: JsonValue): JsonValue | undefined {
  if (!isObject(from) || !isObject(to))
    return JSON.stringify(from) === JSON.stringify(to) ? undefined : copy(to);
  const patch: Record<string, JsonValue> = {};
  for (const key of Object.keys(from)) if (!Object.hasOwn(to, key)) setMember(patch, key, null);
  for (const [key, value] of Object.entries(to)) {
    const member = Object.hasOwn(from, key) ? createMergePatch(from[key] as JsonValue, value) : copy(value);
    if (member !== undefined) setMember(patch, key, member);
  }
  return Object.keys(patch).length === 0 ? undefined : patch;
}
