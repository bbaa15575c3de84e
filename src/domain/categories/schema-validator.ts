// Compiles each category schema once, on first use. Compiling is the expensive part of ajv (code
// generation); validating with the compiled function is cheap, so it must never happen per call.
// Reporting is not cheap: ajv spends microseconds on every error it collects, so only a bounded
// part of a large document is checked for all its errors (bounded-view.ts), while whether the whole
// document is valid is decided by a pass that stops at its first error.
import type { ErrorObject } from 'ajv';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import { mapAjvErrors } from './ajv-errors.ts';
import { type BoundedView, boundedView, MAX_VALUES_CHECKED } from './bounded-view.ts';
import { Findings } from './findings.ts';
import { pointerSegments } from './pointer.ts';
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

// Keywords that choose which subschemas apply to a member from the other members of its object or
// array. A bounded view leaves members out, so under these a finding about a member that is in the
// view could be an artefact: a schema using one is always checked whole.
const SELECTING_KEYWORDS = new Set(['if', 'unevaluatedProperties', 'unevaluatedItems']);

function usesSelectingKeyword(node: unknown, depth = 0): boolean {
  if (depth > 64 || node === null || typeof node !== 'object') return false;
  for (const [key, value] of Object.entries(node)) {
    if (SELECTING_KEYWORDS.has(key) || usesSelectingKeyword(value, depth + 1)) return true;
  }
  return false;
}

// Errors about a container that hold whatever members were left out of the view; any other error
// at a container the view cut short (`required`, `minItems`…) may only be missing a member that
// the view left out, so it is not reported.
const TRUE_OF_A_CUT_CONTAINER = new Set([
  'additionalProperties',
  'propertyNames',
  'type',
  'maxProperties',
  'maxItems',
  'uniqueItems',
]);

/** The container at an ajv instance path of `document`. */
function containerAt(document: unknown, instancePath: string): unknown {
  let node = document;
  for (const segment of pointerSegments(instancePath)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

function trueOfWhole(error: ErrorObject, document: unknown, cut: ReadonlySet<string>): boolean {
  if (TRUE_OF_A_CUT_CONTAINER.has(error.keyword) || !cut.has(error.instancePath)) return true;
  // A required member the whole document lacks too is missing indeed, whatever the view left out.
  if (error.keyword !== 'required') return false;
  const container = containerAt(document, error.instancePath);
  const missing = (error.params as { missingProperty?: unknown }).missingProperty;
  return typeof container === 'object' && container !== null && !Object.hasOwn(container, String(missing));
}

function createAjv(schema: object, allErrors: boolean): Ajv2020 {
  // strict stays on for real keywords, so a typo such as `minLenght` fails at compile time; only
  // vendor `x-` annotations are let through. Types/tuples/required strictness is about schema style
  // and would only produce log noise at runtime.
  const ajv = new Ajv2020({
    allErrors,
    // ajv's messages never reach clients (ajv-errors.ts); building them costs time per error.
    messages: false,
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

/**
 * Adds the schema errors of `metadata` to `findings` (a fresh collector when none is given) and
 * returns its errors. `view` is the document's bounded view when the caller has made it already.
 */
export type SchemaCheck = (
  metadata: unknown,
  findings?: Findings,
  view?: BoundedView | null,
) => AdvisoryItem[];

interface Compiled {
  /** Collects every error: run on documents no larger than the bounded view. */
  all: ValidateFunction;
  /** Stops at the first error: decides whether a whole large document is valid. */
  first: ValidateFunction;
  viewSafe: boolean;
}

function check(
  compiled: Compiled,
  metadata: unknown,
  findings: Findings,
  given: BoundedView | null | undefined,
  viewBudget: number,
): void {
  const view = compiled.viewSafe ? (given === undefined ? boundedView(metadata, viewBudget) : given) : null;
  if (view === null) {
    if (!compiled.all(metadata)) mapAjvErrors(compiled.all.errors, findings);
    return;
  }
  if (compiled.first(metadata)) return;
  const firstError = compiled.first.errors ?? [];
  // The rest of the document went unreported: there may be more errors than those listed.
  findings.markTruncated();
  if (!compiled.all(view.value)) {
    const before = findings.errors.length;
    const errors = compiled.all.errors ?? [];
    mapAjvErrors(
      errors.filter((error) => trueOfWhole(error, metadata, view.cut)),
      findings,
    );
    if (findings.errors.length > before) return;
  }
  // Every error lies outside the view: report the one the whole-document pass stopped at.
  mapAjvErrors(firstError, findings);
}

/**
 * Returns a checker for a table of schemas. Each schema gets its own ajv instance so that its
 * `$id` and extension keywords cannot collide with another category's. `viewBudget` is the number
 * of values reported on in full (tests make it small).
 */
export function createSchemaChecker<K extends string>(
  schemas: Readonly<Record<K, object>>,
  { viewBudget = MAX_VALUES_CHECKED }: { viewBudget?: number } = {},
): (key: K) => SchemaCheck {
  const compiled = new Map<K, Compiled>();
  const compile = (key: K): Compiled => {
    let validators = compiled.get(key);
    if (validators === undefined) {
      const schema = schemas[key];
      validators = {
        all: createAjv(schema, true).compile(schema),
        first: createAjv(schema, false).compile(schema),
        viewSafe: !usesSelectingKeyword(schema),
      };
      // V8 compiles a function when it is first called: the code ajv generated is compiled here,
      // where compiling happens anyway (at boot, compileCategorySchemas), not in the first request
      // whose document needs that pass (a large one needs `first`, which a small one never runs).
      validators.first({});
      validators.all({});
      compiled.set(key, validators);
    }
    return validators;
  };
  return (key) =>
    (metadata, findings = new Findings(), view = undefined) => {
      check(compile(key), metadata, findings, view, viewBudget);
      return findings.errors;
    };
}
