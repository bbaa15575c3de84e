// The passport form in sections: one for the passport's own fields, then one per top-level group of
// the category schema. A section is saved on its own (its part of the metadata replaces the stored
// part), and the whole passport's problems are listed at once, each in the section that holds it.
import type { Schema } from '../../domain/passports/schema-form.ts';

/** The section of the fields around the metadata (identifier, origin, granularity, parties). */
export const ENVELOPE = 'passport';

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The sections of a category's form, in schema order; a rule category has one metadata section. */
export function sectionsOf(schema: Schema | undefined): string[] {
  const properties = schema && isObject(schema.properties) ? Object.keys(schema.properties) : [];
  return [ENVELOPE, ...(properties.length > 0 ? properties : ['metadata'])];
}

/** The section a field's pointer lies in (`/metadata/performance/x` → `performance`). */
export function sectionOf(pointer: string, sections: readonly string[]): string {
  const match = /^\/metadata\/([^/]+)/.exec(pointer);
  if (match && sections.includes(match[1] as string)) return match[1] as string;
  if (pointer.startsWith('/metadata') && sections.includes('metadata')) return 'metadata';
  return ENVELOPE;
}

/** The stored metadata with one section's part replaced by the posted one (left out when blank). */
export function mergeSection(stored: Json, section: string, posted: Json): Json {
  if (section === 'metadata') return posted;
  const out: Record<string, Json> = isObject(stored) ? { ...stored } : {};
  const part = isObject(posted) ? posted[section] : undefined;
  if (part === undefined) delete out[section];
  else out[section] = part;
  return out;
}

/** The schema of the property a metadata pointer names, or undefined. */
function schemaAtPointer(schema: Schema, pointer: string): Schema | undefined {
  let node: Json = schema;
  for (const segment of pointer.split('/').slice(2)) {
    if (!isObject(node)) return undefined;
    const next: Json =
      node.type === 'array' ? node.items : isObject(node.properties) ? node.properties[segment] : undefined;
    node = next;
  }
  return isObject(node) ? node : undefined;
}

export interface Problem {
  code?: string;
  path?: string;
  message: string;
}

/**
 * Every missing field at once: a missing group is reported as the missing required fields inside
 * it (down to the leaves), so that filling a group does not reveal a second wave of its children.
 */
export function expandMissing(
  schema: Schema | undefined,
  problems: readonly Problem[],
  missing: (field: string) => string,
): Problem[] {
  if (!schema) return [...problems];
  const out: Problem[] = [];
  const expand = (pointer: string, problem: Problem, depth: number) => {
    const here = schemaAtPointer(schema, pointer);
    const needed = here && here.type === 'object' && Array.isArray(here.required) ? here.required : [];
    if (needed.length === 0 || depth > 8) {
      out.push(
        pointer === problem.path
          ? problem
          : {
              code: problem.code,
              path: pointer,
              message: missing(pointer.slice(pointer.lastIndexOf('/') + 1)),
            },
      );
      return;
    }
    for (const key of needed) expand(`${pointer}/${String(key)}`, problem, depth + 1);
  };
  for (const problem of problems) {
    if (problem.code === 'REQUIRED_FIELD_MISSING' && problem.path?.startsWith('/metadata/'))
      expand(problem.path, problem, 0);
    else out.push(problem);
  }
  return out;
}
