// Public resolution: what a scan of the product reaches. GET /passport/{id}, /01/{gtin}[/…],
// /8003/{grai}[/…] and /unit/{id}, on the node's host and on workspace hosts, negotiated by Accept,
// in the caller's tier. Each route parses, calls the resolution answers (answers.ts) and sends; public
// answers are rendered once and kept briefly (render-cache.ts).

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../context.ts';
import type { Representation } from '../../http/representations.ts';
import { resolutionAnswers } from './answers.ts';
import { type GrantAccess, NO_GRANTS } from './grant-access.ts';
import { gtinOf, qualifiers } from './gs1-path.ts';
import type { RenderCache } from './render-cache.ts';
import { callOf, linkAskOf, sendAnswer, sendLinks } from './replies.ts';
import { IdParams, KeyParams, KeyRestParams, resolutionResponses } from './route-schemas.ts';
import type { PassportKey } from './service.ts';

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
