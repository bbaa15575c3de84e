// Response shapes shared by every route: the error bodies of the spec's Errors section and paging.
import { type TSchema, Type } from 'typebox';

/** Every error body: ours `{ success: false, error, message, code }`, the framework's
 * `{ statusCode, code, error, message, requestId }`, and the spec's variants with extra fields. */
export const ErrorBody = Type.Object(
  {
    success: Type.Optional(Type.Boolean()),
    error: Type.String(),
    message: Type.Optional(Type.String()),
    code: Type.Optional(Type.String()),
    statusCode: Type.Optional(Type.Integer()),
    requestId: Type.Optional(Type.String()),
  },
  { additionalProperties: true, $id: 'ErrorBody' },
);

const errorRef = Type.Ref('ErrorBody');

/** The error responses of an authenticated route, for the OpenAPI document. */
export function errorResponses(...statuses: number[]): Record<number, typeof errorRef> {
  return Object.fromEntries(statuses.map((status) => [status, errorRef]));
}

/**
 * The EN 18222 clause 7.2 Result object: every failure of a `/v1/...` route (docs/en18222.md).
 * Its members are exactly these, so it can never be mistaken for the `/api/v1` error body.
 */
export const ResultBody = Type.Object(
  {
    messages: Type.Array(
      Type.Object(
        {
          messageType: Type.Union([
            Type.Literal('Info'),
            Type.Literal('Warning'),
            Type.Literal('Error'),
            Type.Literal('Exception'),
          ]),
          text: Type.String(),
          code: Type.String(),
          correlationId: Type.String(),
          timestamp: Type.String({ format: 'date-time' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false, $id: 'ResultBody' },
);

const resultRef = Type.Ref('ResultBody');

/** The error responses of an EN 18222 route: each one the Result object. */
export function resultResponses(...statuses: number[]): Record<number, typeof resultRef> {
  return Object.fromEntries(statuses.map((status) => [status, resultRef]));
}

/** Whether a request path is on the EN 18222 surface, whose failures answer the Result object. */
export const isLifeCyclePath = (url: string) =>
  url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');

export const TENANT_ERRORS = [400, 401, 402, 403, 404, 429, 500] as const;

export const Uuid = Type.String({ format: 'uuid' });
export const Timestamp = Type.String({ format: 'date-time' });

/** The largest page number: offsets stay far inside the store's range (a later page is just empty). */
export const MAX_PAGE = 2_147_483_647;
const PAGE_DESCRIPTION = `integer, 1 to ${MAX_PAGE} (larger values are clamped); non-numeric falls back to 1`;

/** `page`/`limit` as the spec defines them: clamped, and a non-numeric value falls back to the default. */
export const PagingQuery = Type.Object({
  page: Type.Optional(Type.String({ description: PAGE_DESCRIPTION })),
  limit: Type.Optional(
    Type.String({ description: 'integer, clamped to 1 to 200; non-numeric falls back to 100' }),
  ),
});

// A decimal number, optionally signed, with a fraction or an exponent: what "numeric" means here.
const NUMERIC = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/**
 * Every numeric query parameter is read this way: a number (fraction truncated) clamped to
 * [min, max]; anything non-numeric, absent or empty is the fallback.
 */
export function readInteger(raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || !NUMERIC.test(raw)) return fallback;
  const value = Math.trunc(Number(raw));
  if (Number.isNaN(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}

export function readPaging(query: { page?: string; limit?: string }, defaultLimit = 100, maxLimit = 200) {
  return {
    page: readInteger(query.page, 1, 1, MAX_PAGE),
    limit: readInteger(query.limit, defaultLimit, 1, maxLimit),
  };
}

// Answers keyed by media type. Their handlers send text they serialised themselves (reply.ts), so
// the declaration serves the OpenAPI document and the response checks, not the reply's typing.
interface MediaResponse {
  description: string;
  content: Record<string, { schema: TSchema }>;
}

/** An answer in one media type other than plain JSON (JSON-LD, a JSON Schema document). */
export const mediaResponse = (mediaType: string, schema: TSchema, description: string): MediaResponse => ({
  description,
  content: { [mediaType]: { schema } },
});

/** An answer in several media types, each with its schema (negotiated representations). */
export const mediaResponses = (description: string, content: Record<string, TSchema>): MediaResponse => ({
  description,
  content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])),
});

/** An answer without a body (a redirect, 304 Not Modified). */
export const emptyResponse = (description: string) => ({ description, type: 'null' as const });

/** A JSON-LD document, or its HTML page for a client that prefers `text/html`. */
export const documentOrPage = (schema: TSchema, description: string): MediaResponse => ({
  description,
  content: {
    'application/ld+json': { schema },
    'text/html': { schema: Type.String({ description: 'the same content as an HTML page' }) },
  },
});

/** A JSON-LD document: `@context` and anything else; the document itself is the contract. */
export const JsonLdDocument = Type.Object(
  { '@context': Type.Unknown() },
  { additionalProperties: true, description: 'a JSON-LD document' },
);

export const LD_MEDIA = 'application/ld+json';
