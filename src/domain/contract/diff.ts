// The structural difference between two OpenAPI 3.1 documents, classified by the bump it needs
// (spec "Versioning" 3-5): anything a client relied on that is gone or newly demanded is MAJOR,
// anything new it may ignore is MINOR, wording is PATCH. Schemas are compared in the direction the
// data flows: a request schema that accepts less breaks callers, a response schema that promises less
// breaks readers. docs/releasing.md lists the rules.

import {
  asArray,
  asObject,
  Collector,
  type Context,
  type ContractChange,
  type Json,
  resolve,
  type Side,
  same,
  union,
} from './diff-context.ts';
import { compareSchema } from './schema-diff.ts';
import { type Bump, largerBump } from './semver.ts';

export type { ContractChange } from './diff-context.ts';

export interface ContractDiff {
  /** The largest bump any change needs; NONE when the documents agree. */
  bump: Bump;
  changes: ContractChange[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

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
