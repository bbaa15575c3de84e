// The schema half of the contract comparison: two JSON Schemas compared in the direction the data
// flows (a request schema that accepts less breaks callers, a response schema that promises less
// breaks readers). docs/releasing.md lists the rules.
import {
  add,
  asArray,
  asObject,
  type Context,
  isObject,
  type Json,
  resolve,
  type Side,
  same,
  stableString,
  union,
} from './diff-context.ts';
import type { Bump } from './semver.ts';

/** Keywords that only explain: a change to them is wording. */
export const ANNOTATIONS = [
  'description',
  'summary',
  'title',
  'example',
  'examples',
  '$comment',
  'deprecated',
];
const LOWER_BOUNDS = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'];
const COMBINATORS = ['anyOf', 'oneOf', 'allOf'] as const;
/** Schema keywords handled one by one below; any other keyword that changes is taken as breaking. */
const HANDLED = new Set([
  ...ANNOTATIONS,
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  ...COMBINATORS,
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'pattern',
  'format',
  'default',
  '$ref',
]);

/** The JSON types a schema admits; null stands for "any type". */
function typesOf(schema: Json): Set<string> | null {
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type.map(String));
  return null;
}

export function compareSchema(rawA: unknown, rawB: unknown, where: string, side: Side, ctx: Context): void {
  if (rawA === undefined && rawB === undefined) return;
  const refA = isObject(rawA) ? rawA.$ref : undefined;
  const refB = isObject(rawB) ? rawB.$ref : undefined;
  if (typeof refA === 'string' && typeof refB === 'string') {
    const pair = `${refA} ${refB} ${side}`;
    if (ctx.seen.has(pair)) return;
    ctx.seen.add(pair);
  }
  const a = asObject(resolve(rawA, ctx.before));
  const b = asObject(resolve(rawB, ctx.after));
  // A request schema that accepts less, or a response schema that may yield more, breaks clients.
  const narrower = side === 'request' ? 'MAJOR' : 'MINOR';
  const wider = side === 'request' ? 'MINOR' : 'MAJOR';

  for (const key of ANNOTATIONS) if (!same(a[key], b[key])) ctx.out.add('PATCH', where, `${key} changed`);

  compareTypes(a, b, where, narrower, wider, ctx);
  compareEnum(a, b, where, narrower, wider, ctx);
  compareProperties(a, b, where, side, ctx);
  compareAdditionalProperties(a, b, where, side, ctx);
  if (a.items !== undefined || b.items !== undefined) {
    if (isObject(a.items) && isObject(b.items)) compareSchema(a.items, b.items, `${where}[]`, side, ctx);
    else if (!same(a.items, b.items)) ctx.out.add('MAJOR', `${where}[]`, 'item schema changed');
  }
  for (const combinator of COMBINATORS) compareBranches(a, b, combinator, where, side, ctx);
  compareConstraints(a, b, where, side, ctx);

  if (!same(a.default, b.default)) ctx.out.add('MINOR', where, 'default changed');
  for (const key of union(a, b)) {
    if (!HANDLED.has(key) && !key.startsWith('x-') && !same(a[key], b[key])) {
      ctx.out.add('MAJOR', where, `${key} changed`);
    }
  }
}

function compareTypes(a: Json, b: Json, where: string, narrower: Bump, wider: Bump, ctx: Context): void {
  const ta = typesOf(a);
  const tb = typesOf(b);
  if (ta === null && tb === null) return;
  if (tb === null) {
    add(ctx, wider, where, 'type constraint removed');
    return;
  }
  if (ta === null) {
    add(ctx, narrower, where, `now restricted to type ${[...tb].join('|')}`);
    return;
  }
  for (const type of ta) if (!tb.has(type)) add(ctx, narrower, where, `type ${type} no longer allowed`);
  for (const type of tb) if (!ta.has(type)) add(ctx, wider, where, `type ${type} now allowed`);
}

/** Enumerated values, with `const` read as a one-value enum. */
function enumOf(schema: Json): Set<string> | null {
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map(stableString));
  if (Object.hasOwn(schema, 'const')) return new Set([stableString(schema.const)]);
  return null;
}

function compareEnum(a: Json, b: Json, where: string, narrower: Bump, wider: Bump, ctx: Context): void {
  const ea = enumOf(a);
  const eb = enumOf(b);
  if (ea === null && eb === null) return;
  if (eb === null) {
    add(ctx, wider, where, 'enumeration removed: any value allowed');
    return;
  }
  if (ea === null) {
    add(ctx, narrower, where, 'now restricted to enumerated values');
    return;
  }
  // Spec "Versioning": a removed enum value is breaking, an added one additive, on either side.
  for (const value of ea) if (!eb.has(value)) ctx.out.add('MAJOR', where, `enum value ${value} removed`);
  for (const value of eb) if (!ea.has(value)) ctx.out.add('MINOR', where, `enum value ${value} added`);
}

function compareProperties(a: Json, b: Json, where: string, side: Side, ctx: Context): void {
  const pa = asObject(a.properties);
  const pb = asObject(b.properties);
  const ra = new Set(asArray(a.required).map(String));
  const rb = new Set(asArray(b.required).map(String));
  for (const name of union(pa, pb)) {
    const at = `${where} .${name}`;
    if (!Object.hasOwn(pb, name)) ctx.out.add('MAJOR', at, `${side} field removed`);
    else if (!Object.hasOwn(pa, name)) {
      if (side === 'request' && rb.has(name)) ctx.out.add('MAJOR', at, 'required request field added');
      else ctx.out.add('MINOR', at, `${side === 'request' ? 'optional request' : 'response'} field added`);
    } else {
      if (!ra.has(name) && rb.has(name)) {
        if (side === 'request') ctx.out.add('MAJOR', at, 'request field newly required');
        else ctx.out.add('MINOR', at, 'response field now always present');
      }
      if (ra.has(name) && !rb.has(name)) {
        if (side === 'request') ctx.out.add('MINOR', at, 'request field no longer required');
        else ctx.out.add('MAJOR', at, 'response field no longer always present');
      }
      compareSchema(pa[name], pb[name], at, side, ctx);
    }
  }
  // Required names without a declared property (allowed by JSON Schema) still bind requests.
  if (side === 'request') {
    for (const name of rb) {
      if (!ra.has(name) && !Object.hasOwn(pb, name))
        ctx.out.add('MAJOR', `${where} .${name}`, 'request field newly required');
    }
  }
}

function compareAdditionalProperties(a: Json, b: Json, where: string, side: Side, ctx: Context): void {
  const aa = a.additionalProperties;
  const ab = b.additionalProperties;
  if (same(aa, ab)) return;
  if (isObject(aa) && isObject(ab)) {
    compareSchema(aa, ab, `${where} .*`, side, ctx);
    return;
  }
  const closedBefore = aa === false;
  const closedAfter = ab === false;
  if (side === 'request' && !closedBefore && closedAfter)
    ctx.out.add('MAJOR', where, 'unknown fields now refused');
  else if (side === 'request' && closedBefore && !closedAfter)
    ctx.out.add('MINOR', where, 'unknown fields now accepted');
  // Readers must ignore unknown response fields (spec "Versioning" 3), so a response may open up.
  else ctx.out.add('MINOR', where, 'additional properties changed');
}

function compareBranches(
  a: Json,
  b: Json,
  combinator: (typeof COMBINATORS)[number],
  where: string,
  side: Side,
  ctx: Context,
): void {
  const ba = asArray(a[combinator]);
  const bb = asArray(b[combinator]);
  if (ba.length === 0 && bb.length === 0) return;
  // Identical branches pair up first; the rest pair in order, and what is left was added or removed.
  const restA = ba.filter((x) => !bb.some((y) => same(x, y)));
  const restB = bb.filter((y) => !ba.some((x) => same(x, y)));
  const paired = Math.min(restA.length, restB.length);
  for (let i = 0; i < paired; i++)
    compareSchema(restA[i], restB[i], `${where} ${combinator}[${i}]`, side, ctx);
  // More anyOf/oneOf branches admit more values; more allOf branches admit fewer.
  const admitsMore = combinator === 'allOf' ? restA.length > paired : restB.length > paired;
  const admitsLess = combinator === 'allOf' ? restB.length > paired : restA.length > paired;
  const narrower = side === 'request' ? 'MAJOR' : 'MINOR';
  const wider = side === 'request' ? 'MINOR' : 'MAJOR';
  if (admitsLess) ctx.out.add(narrower, where, `${combinator} admits fewer values`);
  if (admitsMore) ctx.out.add(wider, where, `${combinator} admits more values`);
}

function compareConstraints(a: Json, b: Json, where: string, side: Side, ctx: Context): void {
  const report = (tighter: boolean, key: string) => {
    // Tighter request constraints refuse calls that used to pass; response constraints only inform.
    if (side === 'request')
      ctx.out.add(tighter ? 'MAJOR' : 'MINOR', where, `${key} ${tighter ? 'tightened' : 'relaxed'}`);
    else ctx.out.add('MINOR', where, `${key} changed`);
  };
  for (const key of LOWER_BOUNDS) {
    const [x, y] = [a[key], b[key]];
    if (same(x, y)) continue;
    report(typeof y === 'number' && (typeof x !== 'number' || y > x), key);
  }
  for (const key of UPPER_BOUNDS) {
    const [x, y] = [a[key], b[key]];
    if (same(x, y)) continue;
    report(typeof y === 'number' && (typeof x !== 'number' || y < x), key);
  }
  for (const key of ['pattern', 'format']) {
    if (!same(a[key], b[key])) report(b[key] !== undefined, key);
  }
}
