// Public resolution: what a scan of the product reaches. GET /passport/{id} and /unit/{id} here, the
// GS1 Digital Links (/01/…, /8003/…, compressed) in link-routes.ts and the resolver description file
// in description.ts; on the node's host and on workspace hosts, negotiated by Accept, in the caller's
// tier, readable from any origin (CORS). This file is the HTTP side only: the declared answers, the
// read turned into the pipeline's call, and the reply (a 304 for a current If-None-Match). Public
// answers are rendered once and kept briefly (render-cache.ts).

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
import { descriptionRoute } from './description.ts';
import { type GrantAccess, NO_GRANTS } from './grant-access.ts';
import { linkRoutes } from './link-routes.ts';
import { LINKSET_TYPE } from './linkset.ts';
import type { RenderCache, RenderedAnswer } from './render-cache.ts';
import type { PassportKey } from './service.ts';
import { viewerOf } from './viewer.ts';

const PageText = Type.String({ description: 'an HTML page' });
const Linkset = Type.Object({
  linkset: Type.Array(Type.Object({ anchor: Type.String() }, { additionalProperties: true })),
});

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

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
      200: mediaResponses('The passport, or the linkset of the Digital Link', {
        ...representationSchemas,
        [LINKSET_TYPE]: Linkset,
      }),
      307: emptyResponse('Redirect to the target of the asked link type, or to the unit an item link names'),
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

function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: RenderedAnswer) {
  reply.headers(answer.headers).header('etag', answer.etag);
  if (answer.status === 200 && matches(request, answer.etag)) return reply.code(304).send();
  return reply.code(answer.status).type(answer.contentType).send(answer.body);
}

const tags = ['Public resolution'];
const access = { kind: 'public', budget: 'resolution' } as const;
/** Resolution answers any origin (docs/resolution.md, CORS). */
const cors = true;

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
      config: { access, cors },
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

  linkRoutes(app, { baseUrl: services.baseUrl, answers, responses: responses.key, servePassport, access });
  descriptionRoute(app, services.baseUrl);

  app.get(
    '/unit/:id',
    {
      config: { access, cors },
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
