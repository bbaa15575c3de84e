// Declared response schemas are the truth: every answer the suite provokes is checked against the
// schema its route declares for that status, so the OpenAPI document cannot drift from the code.
// An onSend hook records each mismatch (and each status a route answers without declaring it); the
// suite's setup file fails the test during which a mismatch was recorded.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under Node's ESM interop.
const addFormats = ((addFormatsModule as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule.default;

const violations: string[] = [];

/** Mismatches recorded since the last call, and forgets them. */
export function takeResponseViolations(): string[] {
  return violations.splice(0, violations.length);
}

type Schema = Record<string, unknown>;

const NO_ROUTE_BODY: Schema = { $ref: 'ErrorBody' };
const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json$/;

function mediaTypeOf(reply: FastifyReply): string {
  const header = reply.getHeader('content-type');
  return String(header ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() as string;
}

/** The schema for a status as Fastify picks it: exact code, then `4xx`, then `default`. */
function declaredFor(responses: Record<string, Schema> | undefined, status: number): Schema | undefined {
  if (!responses) return undefined;
  return responses[status] ?? responses[`${String(status)[0]}xx`] ?? responses.default;
}

function bodyText(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined; // a stream: only its content type is checked
}

function checker(app: FastifyInstance) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  let sharedAdded = false;
  const compiled = new WeakMap<Schema, ValidateFunction>();
  const compile = (schema: Schema) => {
    if (!sharedAdded) {
      // Shared schemas (ErrorBody and any other `addSchema`) are known by the time answers flow.
      for (const shared of Object.values(app.getSchemas()) as Schema[]) {
        if (typeof shared.$id === 'string' && !ajv.getSchema(shared.$id)) ajv.addSchema(shared);
      }
      sharedAdded = true;
    }
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };

  return (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const status = reply.statusCode;
    const routeSchema = request.routeOptions.schema as
      | { hide?: boolean; response?: Record<string, Schema> }
      | undefined;
    const routeUrl = request.routeOptions.url;
    // Routes hidden from the OpenAPI document (the document itself, the docs UI's files) promise nothing.
    if (routeUrl !== undefined && routeSchema?.hide) return;
    const where = `${request.method} ${routeUrl ?? `${request.url} (no route)`} → ${status}`;
    // A request no route matched (404, 405, bad URL) gets an error body of the shared shape.
    let declared = routeUrl === undefined ? NO_ROUTE_BODY : declaredFor(routeSchema?.response, status);
    if (!declared) {
      violations.push(`${where}: the route declares no response schema for this status`);
      return;
    }
    const media = mediaTypeOf(reply);
    if (declared.content && typeof declared.content === 'object') {
      const byMedia = declared.content as Record<string, { schema: Schema }>;
      const entry = byMedia[media] ?? byMedia['*/*'];
      if (!entry) {
        violations.push(`${where}: answered ${media || 'no content type'}, declared ${Object.keys(byMedia)}`);
        return;
      }
      declared = entry.schema;
    }
    // A 204 carries no body whatever the serialiser made of the route's null.
    if (status === 204) return;
    const text = bodyText(payload);
    if (declared.type === 'null') {
      if (text) violations.push(`${where}: declared no body, answered ${text.slice(0, 120)}`);
      return;
    }
    // Non-JSON answers (pages, images) are held to their declared content type only.
    if (!JSON_MEDIA.test(media) || text === undefined || request.method === 'HEAD') return;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      violations.push(`${where}: ${media} body is not JSON: ${text.slice(0, 120)}`);
      return;
    }
    let validate: ValidateFunction;
    try {
      validate = compile(declared);
    } catch (error) {
      violations.push(`${where}: the declared schema does not compile: ${(error as Error).message}`);
      return;
    }
    if (!validate(body)) {
      const problems = (validate.errors ?? [])
        .slice(0, 5)
        .map((error) => `${error.instancePath || '/'} ${error.message}`)
        .join('; ');
      violations.push(`${where}: body does not match the declared schema: ${problems}`);
    }
  };
}

/** Adds the check to an app before its routes exist (BuildOptions.instrument). */
export function checkResponses(app: FastifyInstance): void {
  const check = checker(app);
  app.addHook('onSend', async (request, reply, payload) => {
    check(request, reply, payload);
    return payload;
  });
}
