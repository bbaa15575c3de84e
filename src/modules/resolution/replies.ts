// The HTTP side of resolution: a read turned into the pipeline's call, and its answer sent with a
// 304 for a current If-None-Match.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeyLookup } from '../../http/auth.ts';
import { languageOf } from '../../http/language.ts';
import { loggableError } from '../../http/loggable-error.ts';
import { chooseRepresentation, type Representation, type Subject } from '../../http/representations.ts';
import type { ResolutionCall } from './answer.ts';
import type { RenderedAnswer } from './render-cache.ts';
import { viewerOf } from './viewer.ts';

/** The call of one read: the representation negotiated, then the language and the caller. */
export async function callOf(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: Subject['kind'],
  offered: { representations: readonly Representation[]; lookupKey: (token: string) => Promise<KeyLookup> },
): Promise<ResolutionCall> {
  const representation = chooseRepresentation(request, reply, offered.representations, kind);
  const lang = languageOf(request);
  const viewer = await viewerOf(request, offered.lookupKey);
  return {
    host: request.hostname,
    clientAddress: request.ip,
    viewer,
    representation,
    lang,
    warn: (error, message) => request.log.warn({ err: loggableError(error) }, message),
  };
}

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: RenderedAnswer) {
  reply.headers(answer.headers).header('etag', answer.etag);
  if (answer.status === 200 && matches(request, answer.etag)) return reply.code(304).send();
  return reply.code(answer.status).type(answer.contentType).send(answer.body);
}
