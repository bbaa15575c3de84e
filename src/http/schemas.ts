// Response shapes shared by every route: the error bodies of the spec's Errors section and paging.
import { Type } from 'typebox';

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

export const TENANT_ERRORS = [400, 401, 402, 403, 404, 429, 500] as const;

export const Uuid = Type.String({ format: 'uuid' });
export const Timestamp = Type.String({ format: 'date-time' });

/** `page`/`limit` as the spec defines them: clamped, and a non-numeric value falls back to the default. */
export const PagingQuery = Type.Object({
  page: Type.Optional(Type.String()),
  limit: Type.Optional(Type.String()),
});

export function readPaging(query: { page?: string; limit?: string }, defaultLimit = 100, maxLimit = 200) {
  const page = Number.parseInt(query.page ?? '', 10);
  const limit = Number.parseInt(query.limit ?? '', 10);
  return {
    page: Number.isFinite(page) ? Math.max(1, page) : 1,
    limit: Number.isFinite(limit) ? Math.min(maxLimit, Math.max(1, limit)) : defaultLimit,
  };
}
