// The structural difference between two OpenAPI 3.1 documents, classified by the bump it needs
// (spec "Versioning" 3-5): anything a client relied on that is gone or newly demanded is MAJOR,
// anything new it may ignore is MINOR, wording is PATCH. Schemas are compared in the direction the
// data flows: a request schema that accepts less breaks callers, a response schema that promises less
// breaks readers. docs/releasing.md lists the rules.
import { type Bump, largerBump } from './semver.ts';

export interface ContractChange {
  bump: Exclude<Bump, 'NONE'>;
  /** Where in the contract, e.g. `GET /api/v1/passports/{} response 200 application/json .status`. */
  where: string;
  what: string;
}

export interface ContractDiff {
  /** The largest bump any change needs; NONE when the documents agree. */
  bump: Bump;
  changes: ContractChange[];
}

type Json = Record<string, unknown>;
type Side = 'request' | 'response';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
/** Keywords that only explain: a change to them is wording. */
const ANNOTATIONS = ['description', 'summary', 'title', 'example', 'examples', '$comment', 'deprecated'];
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

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const asObject = (value: unknown): Json => (isObject(value) ? value : {});
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const same = (a: unknown, b: unknown): boolean => stableString(a) === stableString(b);

function stableString(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableString).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableString(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

class Collector {
  readonly changes: ContractChange[] = [];
  add(bump: ContractChange['bump'], where: string, what: string): void {
    this.changes.push({ bump, where, what });
  }
}

interface Context {
  before: Json;
  after: Json;
  out: Collector;
  /** Pairs of references already being compared, so recursive schemas end. */
  seen: Set<string>;
}

export function diffContracts(before: unknown, after: unknown): ContractDiff {
  const ctx: Context = {
    before: asObject(before),
    after: asObject(after),
    out: new Collector(),
    seen: new Set(),
  };
  compareInfo(ctx);
  compareSecuritySchemes(ctx);
  comparePaths(ctx);
  const changes = ctx.out.changes.sort(
    (a, b) => a.where.localeCompare(b.where) || a.what.localeCompare(b.what),
  );
  return { bump: changes.reduce<Bump>((max, change) => largerBump(max, change.bump), 'NONE'), changes };
}

function compareInfo(ctx: Context): void {
  const a = asObject(ctx.before.info);
  const b = asObject(ctx.after.info);
  for (const key of ['title', 'description', 'summary', 'termsOfService', 'contact', 'license']) {
    if (!same(a[key], b[key])) ctx.out.add('PATCH', 'info', `${key} changed`);
  }
  if (!same(ctx.before.tags, ctx.after.tags)) ctx.out.add('PATCH', 'tags', 'tag descriptions changed');
}

function compareSecuritySchemes(ctx: Context): void {
  const a = asObject(asObject(ctx.before.components).securitySchemes);
  const b = asObject(asObject(ctx.after.components).securitySchemes);
  for (const name of union(a, b)) {
    const where = `security scheme ${name}`;
    if (!Object.hasOwn(b, name)) ctx.out.add('MAJOR', where, 'security scheme removed');
    else if (!Object.hasOwn(a, name)) ctx.out.add('MINOR', where, 'security scheme added');
    else {
      const { description: da, ...restA } = asObject(a[name]);
      const { description: db, ...restB } = asObject(b[name]);
      if (!same(restA, restB)) ctx.out.add('MAJOR', where, 'security scheme changed');
      else if (!same(da, db)) ctx.out.add('PATCH', where, 'description changed');
    }
  }
}

/** `/passports/{id}` and `/passports/{passportId}` are one path: a renamed path variable is wording. */
const templateOf = (path: string): string => path.replace(/\{[^}]*\}/g, '{}');

function pathsByTemplate(document: Json): Map<string, Json> {
  const paths = new Map<string, Json>();
  for (const [path, item] of Object.entries(asObject(document.paths)))
    paths.set(templateOf(path), asObject(item));
  return paths;
}

function comparePaths(ctx: Context): void {
  const a = pathsByTemplate(ctx.before);
  const b = pathsByTemplate(ctx.after);
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const itemA = a.get(path);
    const itemB = b.get(path);
    if (!itemB) ctx.out.add('MAJOR', path, 'path removed');
    else if (!itemA) ctx.out.add('MINOR', path, 'path added');
    else {
      for (const method of METHODS) {
        const where = `${method.toUpperCase()} ${path}`;
        if (itemA[method] && !itemB[method]) ctx.out.add('MAJOR', where, 'method removed');
        else if (!itemA[method] && itemB[method]) ctx.out.add('MINOR', where, 'method added');
        else if (itemA[method] && itemB[method]) {
          const operationA = withPathParameters(itemA, asObject(itemA[method]));
          const operationB = withPathParameters(itemB, asObject(itemB[method]));
          compareOperation(operationA, operationB, where, ctx);
        }
      }
    }
  }
}

/** Parameters declared on the path item apply to each of its operations. */
function withPathParameters(item: Json, operation: Json): Json {
  const shared = asArray(item.parameters);
  return shared.length
    ? { ...operation, parameters: [...shared, ...asArray(operation.parameters)] }
    : operation;
}

function compareOperation(a: Json, b: Json, where: string, ctx: Context): void {
  for (const key of ['summary', 'description', 'tags', 'operationId', 'externalDocs', 'deprecated']) {
    if (!same(a[key], b[key])) ctx.out.add('PATCH', where, `${key} changed`);
  }
  compareSecurity(a.security ?? ctx.before.security, b.security ?? ctx.after.security, where, ctx);
  compareParameters(a, b, where, ctx);
  compareRequestBody(a.requestBody, b.requestBody, where, ctx);
  compareResponses(asObject(a.responses), asObject(b.responses), where, ctx);
}

const isOpen = (security: unknown): boolean =>
  !Array.isArray(security) ||
  security.length === 0 ||
  security.some((r) => Object.keys(asObject(r)).length === 0);

function compareSecurity(a: unknown, b: unknown, where: string, ctx: Context): void {
  if (same(a ?? [], b ?? [])) return;
  if (isOpen(b) && !isOpen(a)) ctx.out.add('MINOR', where, 'no longer requires credentials');
  else ctx.out.add('MAJOR', where, 'required credentials changed');
}

/** Parameters by location and name; path variables by position, since their names are wording. */
function parameterMap(operation: Json, ctx: Json): Map<string, Json> {
  const map = new Map<string, Json>();
  let position = 0;
  for (const raw of asArray(operation.parameters)) {
    const parameter = asObject(resolve(raw, ctx));
    const location = String(parameter.in);
    const name = String(parameter.name);
    const key =
      location === 'path'
        ? `path #${position++}`
        : `${location} ${location === 'header' ? name.toLowerCase() : name}`;
    map.set(key, parameter);
  }
  return map;
}

function compareParameters(a: Json, b: Json, where: string, ctx: Context): void {
  const mapA = parameterMap(a, ctx.before);
  const mapB = parameterMap(b, ctx.after);
  for (const key of new Set([...mapA.keys(), ...mapB.keys()])) {
    const pa = mapA.get(key);
    const pb = mapB.get(key);
    const at = `${where} parameter ${pb?.name ?? pa?.name} (${key.split(' ')[0]})`;
    if (!pb) ctx.out.add('MAJOR', at, 'parameter removed');
    else if (!pa)
      ctx.out.add(pb.required === true ? 'MAJOR' : 'MINOR', at, `${requiredWord(pb)} parameter added`);
    else {
      if (pa.required !== true && pb.required === true) ctx.out.add('MAJOR', at, 'parameter newly required');
      if (pa.required === true && pb.required !== true)
        ctx.out.add('MINOR', at, 'parameter no longer required');
      for (const key of ['description', 'example', 'examples', 'deprecated']) {
        if (!same(pa[key], pb[key])) ctx.out.add('PATCH', at, `${key} changed`);
      }
      compareSchema(pa.schema, pb.schema, at, 'request', ctx);
    }
  }
}

const requiredWord = (thing: Json): string => (thing.required === true ? 'required' : 'optional');

function compareRequestBody(rawA: unknown, rawB: unknown, where: string, ctx: Context): void {
  const at = `${where} request body`;
  if (rawA === undefined && rawB === undefined) return;
  const a = asObject(resolve(rawA, ctx.before));
  const b = asObject(resolve(rawB, ctx.after));
  if (rawB === undefined) {
    ctx.out.add('MAJOR', at, 'request body removed');
    return;
  }
  if (rawA === undefined) {
    ctx.out.add(b.required === true ? 'MAJOR' : 'MINOR', at, `${requiredWord(b)} request body added`);
    return;
  }
  if (a.required !== true && b.required === true) ctx.out.add('MAJOR', at, 'request body newly required');
  if (a.required === true && b.required !== true) ctx.out.add('MINOR', at, 'request body no longer required');
  if (!same(a.description, b.description)) ctx.out.add('PATCH', at, 'description changed');
  compareContent(asObject(a.content), asObject(b.content), at, 'request', ctx);
}

function compareResponses(a: Json, b: Json, where: string, ctx: Context): void {
  for (const status of union(a, b)) {
    const at = `${where} response ${status}`;
    if (!Object.hasOwn(b, status)) ctx.out.add('MAJOR', at, 'response removed');
    else if (!Object.hasOwn(a, status)) ctx.out.add('MINOR', at, 'response added');
    else {
      const ra = asObject(resolve(a[status], ctx.before));
      const rb = asObject(resolve(b[status], ctx.after));
      if (!same(ra.description, rb.description)) ctx.out.add('PATCH', at, 'description changed');
      compareHeaders(asObject(ra.headers), asObject(rb.headers), at, ctx);
      compareContent(asObject(ra.content), asObject(rb.content), at, 'response', ctx);
    }
  }
}

function compareHeaders(a: Json, b: Json, where: string, ctx: Context): void {
  const lower = (headers: Json) => new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const mapA = lower(a);
  const mapB = lower(b);
  for (const name of new Set([...mapA.keys(), ...mapB.keys()])) {
    const at = `${where} header ${name}`;
    if (!mapB.has(name)) ctx.out.add('MAJOR', at, 'response header removed');
    else if (!mapA.has(name)) ctx.out.add('MINOR', at, 'response header added');
    else {
      const ha = asObject(resolve(mapA.get(name), ctx.before));
      const hb = asObject(resolve(mapB.get(name), ctx.after));
      if (!same(ha.description, hb.description)) ctx.out.add('PATCH', at, 'description changed');
      compareSchema(ha.schema, hb.schema, at, 'response', ctx);
    }
  }
}

function compareContent(a: Json, b: Json, where: string, side: Side, ctx: Context): void {
  for (const type of union(a, b)) {
    const at = `${where} ${type}`;
    if (!Object.hasOwn(b, type))
      ctx.out.add('MAJOR', at, `${side === 'request' ? 'accepted' : 'offered'} media type removed`);
    else if (!Object.hasOwn(a, type))
      ctx.out.add('MINOR', at, `${side === 'request' ? 'accepted' : 'offered'} media type added`);
    else {
      const ma = asObject(a[type]);
      const mb = asObject(b[type]);
      for (const key of ['example', 'examples']) {
        if (!same(ma[key], mb[key])) ctx.out.add('PATCH', at, `${key} changed`);
      }
      compareSchema(ma.schema, mb.schema, at, side, ctx);
    }
  }
}

/** Follows local references (`#/components/schemas/...`); anything else stays as it is. */
function resolve(value: unknown, document: Json, depth = 0): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string' || depth > 32) return value;
  const ref = value.$ref;
  if (!ref.startsWith('#/')) return value;
  let target: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    target = asObject(target)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return resolve(target, document, depth + 1);
}

/** The JSON types a schema admits; null stands for "any type". */
function typesOf(schema: Json): Set<string> | null {
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type.map(String));
  return null;
}

function compareSchema(rawA: unknown, rawB: unknown, where: string, side: Side, ctx: Context): void {
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

function add(ctx: Context, bump: Bump, where: string, what: string): void {
  if (bump !== 'NONE') ctx.out.add(bump, where, what);
}

function union(a: Json, b: Json): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])];
}
