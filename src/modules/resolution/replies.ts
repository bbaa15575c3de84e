// The HTTP side of resolution: a read turned into the pipeline's call, its answer sent with a 304
// for a current If-None-Match, and a GS1 key's link answers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeyLookup } from '../../http/auth.ts';
import { languageOf } from '../../http/language.ts';
import { loggableError } from '../../http/loggable-error.ts';
import { chooseRepresentation, type Representation, type Subject } from '../../http/representations.ts';
import type { ResolutionCall } from './answer.ts';
import type { Gs1LinkAnswer, Gs1LinkAsk } from './gs1-links.ts';
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

/** What a GS1 key's URL asks of its links: the linkset (by Accept or `?linkType=linkset`) or one type. */
export const linkAskOf = (request: FastifyRequest): Gs1LinkAsk => ({
  host: request.hostname,
  path: request.url.split('?')[0] ?? '',
  linkType: (request.query as { linkType?: unknown }).linkType,
  accept: request.headers.accept,
});

/** A link answer, with the Vary every one carries (a refusal too). */
export function sendLinks(reply: FastifyReply, links: Gs1LinkAnswer) {
  reply.header('vary', 'Accept, Accept-Language');
  if (links.kind === 'refused') throw links.error;
  if (links.kind === 'redirect') return reply.code(307).header('location', links.location).send();
  return reply.code(200).type(links.contentType).serializer(String).send(links.body);
}

export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: RenderedAnswer) {
  reply.headers(answer.headers).header('etag', answer.etag);
  if (answer.status === 200 && matches(request, answer.etag)) return reply.code(304).send();
  return reply.code(answer.status).type(answer.contentType).send(answer.body);
}
