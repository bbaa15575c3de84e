// Public resolution: what a scan of the product reaches. GET /passport/{id}, /01/{gtin}[/…],
// /8003/{grai}[/…] and /unit/{id}, on the node's host and on workspace hosts, negotiated by Accept,
// in the caller's tier. This file is the HTTP side only: the declared answers, the read turned into the
// pipeline's call, the route that calls the resolution answers (answers.ts), and the reply (a 304 for a
// current If-None-Match). Public answers are rendered once and kept briefly (render-cache.ts).

import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import type { Custody } from '../../core/custody.ts';
import { loggableError } from '../../core/loggable-error.ts';
import type { KeyLookup } from '../../core/principal.ts';
import type { Representation, Subject } from '../../core/representations.ts';
import { emptyResponse, errorResponses, JsonLdDocument, mediaResponses } from '../../core/schemas.ts';
import { bearerToken } from '../../http/auth.ts';
import { languageOf } from '../../http/language.ts';
import { chooseRepresentation } from '../../http/representations.ts';
import type { ResolutionCall } from './answer.ts';
import { resolutionAnswers } from './answers.ts';
import { type GrantAccess, NO_GRANTS } from './grant-access.ts';
import type { Gs1LinkAnswer, Gs1LinkAsk } from './gs1-links.ts';
import { gtinOf, qualifiers } from './gs1-path.ts';
import { LINKSET_TYPE } from './linkset.ts';
import type { RenderCache, RenderedAnswer } from './render-cache.ts';
import type { PassportKey } from './service.ts';
import { viewerOf } from './viewer.ts';

const PageText = Type.String({ description: 'an HTML page' });
const Linkset = Type.Object({
  linkset: Type.Array(Type.Object({ anchor: Type.String() }, { additionalProperties: true })),
});

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 200 }) });
const KeyRestParams = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 200 }),
  '*': Type.String(),
});

function resolutionResponses(representations: readonly Representation[]) {
  const representationSchemas = Object.fromEntries(
    representations.map((r) => [r.type, r.schema ?? (r.type === 'text/html' ? PageText : JsonLdDocument)]),
  );
  const common = {
    304: emptyResponse('Not Modified: the If-None-Match ETag is current'),
    ...errorResponses(400, 401, 404, 406, 429, 500),
  };
  return {
    passport: {
      200: mediaResponses('The passport in the chosen representation and tier', representationSchemas),
      ...common,
    },
    key: {
      200: mediaResponses('The passport, or the linkset of the key', {
        ...representationSchemas,
        [LINKSET_TYPE]: Linkset,
      }),
      307: emptyResponse('Redirect to the target of the asked link type, or to the unit a serial names'),
      ...common,
    },
    unit: {
      200: mediaResponses('The unit in the chosen representation and tier', representationSchemas),
      410: mediaResponses('The tombstone of a recycled unit', representationSchemas),
      ...common,
    },
  };
}

/** The call of one read: the representation negotiated, then the language and the caller. */
async function callOf(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: Subject['kind'],
  offered: { representations: readonly Representation[]; lookupKey: (token: string) => Promise<KeyLookup> },
): Promise<ResolutionCall> {
  const representation = chooseRepresentation(request, reply, offered.representations, kind);
  const lang = languageOf(request);
  const grant = (request.query as { grant?: unknown } | undefined)?.grant;
  const viewer = await viewerOf(bearerToken(request), grant, offered.lookupKey);
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
const linkAskOf = (request: FastifyRequest): Gs1LinkAsk => ({
  host: request.hostname,
  path: request.url.split('?')[0] ?? '',
  linkType: (request.query as { linkType?: unknown }).linkType,
  accept: request.headers.accept,
});

/** A link answer, with the Vary every one carries (a refusal too). */
function sendLinks(reply: FastifyReply, links: Gs1LinkAnswer) {
  reply.header('vary', 'Accept, Accept-Language');
  if (links.kind === 'refused') throw links.error;
  if (links.kind === 'redirect') return reply.code(307).header('location', links.location).send();
  return reply.code(200).type(links.contentType).serializer(String).send(links.body);
}

function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: RenderedAnswer) {
  reply.headers(answer.headers).header('etag', answer.etag);
  if (answer.status === 200 && matches(request, answer.etag)) return reply.code(304).send();
  return reply.code(answer.status).type(answer.contentType).send(answer.body);
}

const tags = ['Public resolution'];
const access = { kind: 'public', budget: 'resolution' } as const;

export interface ResolutionOptions {
  cache: RenderCache;
  grants?: GrantAccess;
  /**
   * Representations offered on public resolution only, after the shared ones: the credential
   * forms, which are issued per published passport version (not on the owner's read, where a
   * draft has no credential).
   */
  representations?: readonly Representation[];
  /** Another node's copies, answered where this node holds no passport itself (CUSTODY_OF). */
  custody?: Custody;
}

export async function resolutionRoutes(
  app: App,
  services: AppContext,
  options: ResolutionOptions,
): Promise<void> {
  const representations = [...services.representations, ...(options.representations ?? [])];
  const offered = { representations, lookupKey: services.lookupKey };
  const answers = resolutionAnswers(services, {
    cache: options.cache,
    grants: options.grants ?? NO_GRANTS,
    representations,
    ...(options.custody ? { custody: options.custody } : {}),
  });
  const responses = resolutionResponses(representations);

  const servePassport = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: PassportKey,
    url: string,
  ) => {
    const call = await callOf(request, reply, 'passport', offered);
    return sendAnswer(request, reply, await answers.passport(call, key, url));
  };

  app.get(
    '/passport/:id',
    {
      config: { access },
      schema: { tags, summary: 'Resolve a passport by UUID', params: IdParams, response: responses.passport },
    },
    async (request, reply) =>
      servePassport(
        request,
        reply,
        { id: request.params.id },
        `passport|${request.hostname}|${request.params.id}`,
      ),
  );

  for (const [ai, name] of [
    ['01', 'GTIN'],
    ['8003', 'GRAI'],
  ] as const) {
    const productIdOf = (raw: string) => (ai === '01' ? gtinOf(raw) : raw);
    /** The passport of the key, or its linkset / link-type answer (GS1 conformant-resolver rules). */
    const serveKey = async (request: FastifyRequest, reply: FastifyReply, productId: string) => {
      const key = { productId };
      const links = await answers.gs1Links(linkAskOf(request), key);
      if (links === null) return servePassport(request, reply, key, `${ai}|${request.hostname}|${productId}`);
      return sendLinks(reply, links);
    };
    app.get(
      `/${ai}/:key`,
      {
        config: { access },
        schema: { tags, summary: `GS1 Digital Link by ${name}`, params: KeyParams, response: responses.key },
      },
      async (request, reply) => serveKey(request, reply, productIdOf(request.params.key)),
    );
    app.get(
      `/${ai}/:key/*`,
      {
        config: { access },
        schema: {
          tags,
          summary: `GS1 Digital Link by ${name} with key qualifiers: a serial (21) redirects to the unit`,
          params: KeyRestParams,
          response: responses.key,
        },
      },
      async (request, reply) => {
        const productId = productIdOf(request.params.key);
        const serial = qualifiers(services.baseUrl, ai, productId, request.url)['21'];
        // Lot, batch or other qualifiers this node keeps no separate passport for: the model's.
        if (serial === undefined) return serveKey(request, reply, productId);
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        const location = await answers.unitLocation({ host: request.hostname, query }, { productId }, serial);
        return reply.code(307).header('location', location).send();
      },
    );
  }

  app.get(
    '/unit/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Resolve a serialised battery unit (410 once recycled)',
        params: IdParams,
        response: responses.unit,
      },
    },
    async (request, reply) => {
      const call = await callOf(request, reply, 'unit', offered);
      return sendAnswer(request, reply, await answers.unit(call, request.params.id));
    },
  );
}
