// The single error handler: AppError → its code's status and body; framework errors that the spec
// names (malformed JSON, query-string violations) keep Fastify's body plus requestId; everything
// unexpected is a 500 that hides internals and is logged with the request id.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdvisoryItem } from '../domain/categories/types.ts';
import { AppError } from './errors.ts';
import { localisedItems } from './language.ts';
import { loggableError } from './loggable-error.ts';

function frameworkBody(request: FastifyRequest, error: FastifyError, statusCode: number, code = error.code) {
  return {
    statusCode,
    code,
    error: statusCode === 400 ? 'Bad Request' : (error.name ?? 'Error'),
    message: error.message,
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
  return reply.code(error.status).send(localiseBody(reply.request, error.toBody()));
}

/** A server error, whatever its origin: logged without store parameters, its internals hidden. */
function sendServerError(request: FastifyRequest, reply: FastifyReply, error: unknown, status: number) {
  request.log.error({ err: loggableError(error) }, 'unhandled error');
  const unavailable = status === 503;
  return reply.code(status).send({
    success: false,
    error: unavailable ? 'Service Unavailable' : 'Internal Server Error',
    message: 'An internal error occurred. Quote the request id when reporting it.',
    code: unavailable ? 'UNAVAILABLE' : 'INTERNAL',
    requestId: request.id,
  });
}

export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return error.status < 500
      ? sendAppError(reply, error)
      : sendServerError(request, reply, error, error.status);
  }

  if (error.validation) {
    const where = error.validationContext;
    if (where === 'querystring') {
      return reply.code(400).send(frameworkBody(request, error, 400, 'FST_ERR_VALIDATION'));
    }
    if (where === 'params') {
      // A malformed id names no resource: the same answer as a missing one.
      return sendAppError(reply, new AppError('NOT_FOUND', 'Not found'));
    }
    return sendAppError(reply, new AppError('BAD_REQUEST', error.message));
  }

  const statusCode = error.statusCode ?? 500;
  if (statusCode < 500 && typeof error.code === 'string' && error.code.startsWith('FST_')) {
    if (statusCode === 413) {
      return sendAppError(reply, new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large'));
    }
    if (statusCode === 415) {
      return sendAppError(reply, new AppError('UNSUPPORTED_MEDIA_TYPE', error.message));
    }
    return reply.code(statusCode).send(frameworkBody(request, error, statusCode));
  }
  return sendServerError(request, reply, error, statusCode >= 500 && statusCode < 600 ? statusCode : 500);
}

/**
 * Errors the router raises before any hook runs (a URL that does not decode, a parameter over the
 * length limit): the framework body, with the request id every response carries.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  return reply
    .code(statusCode)
    .header('x-request-id', request.id)
    .send({
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
