// Every JSON request body is parsed here, one way: `application/json` and any `+json` type
// (JSON-LD is the service's own format), an empty body read as no body (DELETE with a JSON content
// type), malformed JSON answered with the framework body the contract names, and the content checked
// once for what the store cannot hold (see domain/json/hygiene.ts). Routes that take rows of a bulk
// body name them in `config.bodyRows`: a problem inside one row is kept for that row alone, so the
// other rows proceed. A route whose bodies legitimately nest deeper than ordinary JSON (an AAS
// environment nests about twice as deep as the document it carries) names its own limit in
// `config.jsonDepth`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import type { RowProblems } from '../core/row-problems.ts';
import {
  firstJsonProblem,
  type JsonProblem,
  MAX_JSON_DEPTH,
  nestingOf,
  pointerOf,
  textIsClean,
} from '../domain/json/hygiene.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Top-level field of the body holding bulk rows, checked row by row (e.g. `passports`). */
    bodyRows?: string;
    /** Levels of nesting this route's bodies may have, when more than MAX_JSON_DEPTH (documented per route). */
    jsonDepth?: number;
  }
  interface FastifyRequest {
    /** Problems found inside bulk rows, by row index: the route reports them as row errors. */
    rowProblems: RowProblems;
  }
}

// Beyond this the text is refused before parsing; below it, the exact limit is applied per value.
const PARSE_DEPTH_CEILING = 4 * MAX_JSON_DEPTH;
// Bodies from this size on cost a millisecond or more to parse and check: their route runs in a
// turn of the event loop of its own.
const SLICE_AFTER_BYTES = 16 * 1024;
const JSON_TYPES = /^application\/(?:[\w.-]+\+)?json(?:\s*;|$)/i;

function invalidJson(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
}

const problemError = (problem: JsonProblem) =>
  new AppError('BAD_REQUEST', `Invalid body: ${problem.message}`, { extra: { path: problem.path } });

/** The nesting a route's bodies may have. */
const depthLimitOf = (request: FastifyRequest) => request.routeOptions.config?.jsonDepth ?? MAX_JSON_DEPTH;

/** Checks a parsed body; problems inside declared bulk rows are recorded, any other one refuses. */
export function checkBody(request: FastifyRequest, body: unknown): void {
  const rowsField = request.routeOptions.config?.bodyRows;
  const maxDepth = depthLimitOf(request);
  const rows =
    rowsField && typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)[rowsField]
      : undefined;
  if (!rowsField || !Array.isArray(rows)) {
    const problem = firstJsonProblem(body, '', 0, maxDepth);
    if (problem) throw problemError(problem);
    return;
  }
  const { [rowsField]: _rows, ...rest } = body as Record<string, unknown>;
  const problem = firstJsonProblem(rest, '', 0, maxDepth);
  if (problem) throw problemError(problem);
  const base = pointerOf('', rowsField);
  rows.forEach((row, index) => {
    const found = firstJsonProblem(row, pointerOf(base, index), 2, maxDepth);
    if (found) {
      request.rowProblems ??= new Map();
      request.rowProblems.set(index, found);
    }
  });
}

/**
 * JSON text parsed as every request body is: text nesting far past `maxDepth` is refused before it
 * is built (a parsed value that deep could not even be written back out), then parsed. The value
 * still wants its content checked: `checkBody` for a request, `firstJsonProblem` elsewhere.
 */
export function parseJsonText(
  source: string,
  maxDepth: number,
): { value: unknown; clean: boolean } | { deeperThan: number } | { syntax: string } {
  const nesting = nestingOf(source, Math.max(PARSE_DEPTH_CEILING, maxDepth));
  if (nesting > Math.max(PARSE_DEPTH_CEILING, maxDepth)) return { deeperThan: maxDepth };
  try {
    // Text that nests no deeper than allowed and is clean (hygiene.ts) parses into a value the walk
    // would pass whole: `clean` lets most bodies skip a visit of every value they hold.
    return { value: JSON.parse(source), clean: nesting <= maxDepth && textIsClean(source) };
  } catch (error) {
    return { syntax: (error as Error).message };
  }
}

export function registerJsonBodies(app: FastifyInstance): void {
  app.decorateRequest('rowProblems', null);
  app.removeContentTypeParser('application/json');
  // No route reads plain text: without this, the framework's own text parser would hand a string to
  // the route's body rules (400) where the body's type is what is wrong (415).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, (request, text, done) => {
    const source = text as string;
    if (source.trim() === '') return done(null, undefined);
    const maxDepth = depthLimitOf(request);
    const parsed = parseJsonText(source, maxDepth);
    if ('deeperThan' in parsed) {
      return done(
        new AppError('BAD_REQUEST', `Invalid body: it nests deeper than ${maxDepth} levels`, {
          extra: { path: '' },
        }),
      );
    }
    if ('syntax' in parsed) return done(invalidJson(`Body is not valid JSON: ${parsed.syntax}`));
    const body = parsed.value;
    if (!parsed.clean) {
      try {
        checkBody(request, body);
      } catch (error) {
        return done(error as Error);
      }
    }
    // A large body's parse and checks took one slice of the event loop; its route's work takes
    // another, and what waited meanwhile (other requests, timers) runs in between (DESIGN: no
    // request holds the loop past 50 ms).
    if (source.length >= SLICE_AFTER_BYTES) setImmediate(done, null, body);
    else done(null, body);
  });
}
