// Compiles each category schema once, on first use. Compiling is the expensive part of ajv (code
// generation); validating with the compiled function is cheap, so it must never happen per call.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import { mapAjvErrors } from './ajv-errors.ts';
import { ACCESS_TIERS, type AdvisoryItem } from './types.ts';

// ajv-formats is CommonJS; depending on the loader the default import is the plugin itself or the
// module object carrying it as `default`.
const formatsExport = formatsModule as unknown as FormatsPlugin & { default?: FormatsPlugin };
const addFormats: FormatsPlugin = formatsExport.default ?? formatsExport;

/** Annotation keywords we define ourselves; other `x-` keywords are collected from the schema. */
const KNOWN_ANNOTATIONS: Record<string, object> = {
  'x-access': { enum: [...ACCESS_TIERS] },
  'x-unit': { type: 'string' },
};

function collectExtensionKeywords(node: unknown, found: Set<string>, depth = 0): void {
  if (depth > 64 || node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-')) found.add(key);
    collectExtensionKeywords(value, found, depth + 1);
  }
}

function createAjv(schema: object): Ajv2020 {
  // strict stays on for real keywords, so a typo such as `minLenght` fails at compile time; only
  // vendor `x-` annotations are let through. Types/tuples/required strictness is about schema style
  // and would only produce log noise at runtime.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  for (const [keyword, metaSchema] of Object.entries(KNOWN_ANNOTATIONS))
    ajv.addKeyword({ keyword, metaSchema });
  const extensions = new Set<string>();
  collectExtensionKeywords(schema, extensions);
  for (const keyword of extensions) {
    if (!(keyword in KNOWN_ANNOTATIONS)) ajv.addKeyword({ keyword });
  }
  return ajv;
}

export type SchemaCheck = (metadata: unknown) => AdvisoryItem[];

/**
 * Returns a checker for a table of schemas. Each schema gets its own ajv instance so that its
 * `$id` and extension keywords cannot collide with another category's.
 */
export function createSchemaChecker<K extends string>(
  schemas: Readonly<Record<K, object>>,
): (key: K) => SchemaCheck {
  const compiled = new Map<K, ValidateFunction>();
  const compile = (key: K): ValidateFunction => {
    let validate = compiled.get(key);
    if (validate === undefined) {
      const schema = schemas[key];
      validate = createAjv(schema).compile(schema);
      compiled.set(key, validate);
    }
    return validate;
  };
  return (key) => (metadata) => {
    const validate = compile(key);
    return validate(metadata) ? [] : mapAjvErrors(validate.errors);
  };
}
