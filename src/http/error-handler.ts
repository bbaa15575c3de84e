// The single error handler: AppError → its code's status and body; framework errors that the spec
// names (malformed JSON, query-string violations) keep Fastify's body plus requestId; everything
// unexpected is a 500 that hides internals and is logged with the request id. On the EN 18222
// surface (`/v1/...`) the same failures answer the clause 7.2 Result object instead, built from the
// body the rest of the API would have answered, so both surfaces fail for the same reasons. A store
// that cannot be reached (a connection lost, the database restarting) is a 503 with Retry-After:
// the same request succeeds once the connection is replaced, so it is neither a 500 nor logged as one.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_CODES, storeUnavailable } from '../core/errors.ts';
import { loggableError } from '../core/loggable-error.ts';
import { isLifeCyclePath } from '../core/schemas.ts';
import { isStoreUnavailable } from '../db/errors.ts';
import type { AdvisoryItem } from '../domain/categories/types.ts';
import { type ResultProblem, resultObject } from '../domain/en18222/result.ts';
import { localisedItems } from './language.ts';
import { validationMessage } from './validation-message.ts';

const isErrorCode = (code: unknown): code is keyof typeof ERROR_CODES =>
  typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);

/** Our stable code for a failure: the body's own, else the first code of that status. */
function stableCode(status: number, code: unknown): string {
  if (isErrorCode(code)) return code;
  const byStatus = Object.entries(ERROR_CODES).find(([, entry]) => entry.status === status)?.[0];
  return byStatus ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/** The Result object for an error body: one message per listed problem (`errors[]`), else one. */
export function resultFromErrorBody(request: FastifyRequest, status: number, body: Record<string, unknown>) {
  const code = stableCode(status, body.code);
  const listed = Array.isArray(body.errors) ? body.errors : [];
  const problems: ResultProblem[] = listed.flatMap((item): ResultProblem[] => {
    if (typeof item === 'string') return [{ text: item, code }];
    if (typeof item !== 'object' || item === null) return [];
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    return [{ text: typeof path === 'string' && path !== '' ? `${path}: ${message}` : message, code }];
  });
  if (problems.length === 0) {
    const text = typeof body.message === 'string' ? body.message : String(body.error ?? 'Error');
    problems.push({ text, code });
  }
  return resultObject(problems, { status, correlationId: request.id, at: new Date() });
}

/** Sends an error body, or its Result object on the EN 18222 surface. */
function sendError(reply: FastifyReply, status: number, body: Record<string, unknown>): FastifyReply {
  const { request } = reply;
  const path = request.url.split('?')[0] ?? '';
  return isLifeCyclePath(path)
    ? reply.code(status).send(resultFromErrorBody(request, status, body))
    : reply.code(status).send(body);
}

function frameworkBody(request: FastifyRequest, error: FastifyError, statusCode: number, code = error.code) {
  return {
    statusCode,
    code,
    error: statusCode === 400 ? 'Bad Request' : (error.name ?? 'Error'),
    message: error.validation ? validationMessage(error) : error.message,
    requestId: request.id,
  };
}

// Advisory items in an error body get their friendlyMessage in the caller's language here, once,
// rather than in every service that raises a validation failure.
const LOCALISED_FIELDS = ['errors', 'warnings', 'notices'];

function localiseBody(request: FastifyRequest, body: Record<string, unknown>): Record<string, unknown> {
  for (const field of LOCALISED_FIELDS) {
    const items = body[field];
    if (
      Array.isArray(items) &&
      items.every((item) => typeof item === 'object' && item !== null && 'code' in item)
    ) {
      body[field] = localisedItems(request, items as AdvisoryItem[]);
    }
  }
  return body;
}

function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  reply.headers(error.headers);
  return sendError(reply, error.status, localiseBody(reply.request, error.toBody()));
}

/** A store that cannot take the request now: 503 with Retry-After, logged as a warning. */
function sendStoreUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  request.log.warn({ err: loggableError(error) }, 'store unavailable');
  const unavailable = storeUnavailable();
  reply.headers(unavailable.headers);
  return sendError(reply, unavailable.status, { ...unavailable.toBody(), requestId: request.id });
}

/** A server error, whatever its origin: logged without store parameters, its internals hidden. */
function sendServerError(request: FastifyRequest, reply: FastifyReply, error: unknown, status: number) {
  request.log.error({ err: loggableError(error) }, 'unhandled error');
  if (error instanceof AppError) reply.headers(error.headers);
  const unavailable = status === 503;
  return sendError(reply, status, {
    success: false,
    error: unavailable ? 'Service Unavailable' : 'Internal Server Error',
    message: 'An internal error occurred. Quote the request id when reporting it.',
    code: unavailable ? 'UNAVAILABLE' : 'INTERNAL',
    requestId: request.id,
  });
}

/**
 * Whether the client hung up before its body arrived: Node fails the body stream with `aborted`.
 * Routine on mobile networks, so it is not a server error; nobody is left to read the answer.
 */
function clientAborted(request: FastifyRequest, error: FastifyError): boolean {
  return error.message === 'aborted' && error.code === 'ECONNRESET' && request.raw.readableAborted;
}

export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof AppError) && clientAborted(request, error)) {
    request.log.debug('the client aborted the request');
    return reply.code(400).send({ success: false, error: 'Bad Request', message: 'Request aborted' });
  }
  if (error instanceof AppError) {
    return error.status < 500
      ? sendAppError(reply, error)
      : sendServerError(request, reply, error, error.status);
  }
  if (isStoreUnavailable(error)) return sendStoreUnavailable(request, reply, error);

  if (error.validation) {
    const where = error.validationContext;
    if (where === 'querystring') {
      return sendError(reply, 400, frameworkBody(request, error, 400, 'FST_ERR_VALIDATION'));
    }
    if (where === 'params') {
      // A malformed id names no resource: the same answer as a missing one.
      return sendAppError(reply, new AppError('NOT_FOUND', 'Not found'));
    }
    return sendAppError(reply, new AppError('BAD_REQUEST', validationMessage(error)));
  }

  const statusCode = error.statusCode ?? 500;
  if (statusCode < 500 && typeof error.code === 'string' && error.code.startsWith('FST_')) {
    if (statusCode === 413) {
      return sendAppError(reply, new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large'));
    }
    if (statusCode === 415) {
      return sendAppError(reply, new AppError('UNSUPPORTED_MEDIA_TYPE', unsupportedTypeMessage(request)));
    }
    return sendError(reply, statusCode, frameworkBody(request, error, statusCode));
  }
  return sendServerError(request, reply, error, statusCode >= 500 && statusCode < 600 ? statusCode : 500);
}

/** Names the body types the route reads: JSON everywhere, forms and uploads where their scope takes them. */
function unsupportedTypeMessage(request: FastifyRequest): string {
  const accepted = ['application/json (or a +json type such as application/ld+json)'];
  if (request.server.hasContentTypeParser('application/x-www-form-urlencoded'))
    accepted.push('application/x-www-form-urlencoded');
  if (request.server.hasContentTypeParser('multipart/form-data')) accepted.push('multipart/form-data');
  return `Unsupported Media Type: this route reads a body of type ${accepted.join(' or ')}`;
}

/**
 * Errors the router raises before any hook runs (a URL that does not decode, a parameter over the
 * length limit): the framework body, with the request id every response carries.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  return sendError(reply.header('x-request-id', request.id), statusCode, {
    statusCode,
    code: error.code,
    error: statusCode === 414 ? 'URI Too Long' : 'Bad Request',
    message: error.message,
    requestId: request.id,
  });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
