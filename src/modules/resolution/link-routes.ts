// The GS1 Digital Link routes of public resolution: `/01/{gtin}[/…]`, `/8003/{grai}[/…]` and the fully
// compressed `/{base64url}`, each read into one request (gs1-path.ts) and answered by the GS1
// conformant-resolver rules (gs1-links.ts). Every answer to a valid link carries a Link header naming
// its linkset and, for a compressed request, the uncompressed link (`owl:sameAs`).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import type { ResolutionAnswers } from './answers.ts';
import { compressedLinkRequest, keyLinkRequest, type LinkRequest, queryWithoutLinkType } from './gs1-path.ts';
import { LINKSET_CONTEXT, LINKSET_TYPE } from './linkset.ts';
import type { PassportKey } from './service.ts';

const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 200 }) });
const KeyRestParams = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 200 }),
  '*': Type.String(),
});
/** A path of one base64url segment: a fully compressed link, or a word no other route serves. */
const COMPRESSED = '^[A-Za-z0-9_-]{8,}$';
const CompressedParams = Type.Object({ compressed: Type.String({ pattern: COMPRESSED, maxLength: 2048 }) });

/** The Link header of a Digital Link answer: its linkset, and the uncompressed link it is the same as. */
export function linkHeader(link: LinkRequest): string {
  const links = [
    `<${link.anchor}?linkType=linkset>; rel="linkset"; type="${LINKSET_TYPE}"; title="Links of this GS1 Digital Link"`,
  ];
  if (link.sameAs)
    links.push(`<${link.sameAs}>; rel="owl:sameAs"; title="The uncompressed GS1 Digital Link"`);
  return links.join(', ');
}

const JSON_LD_CONTEXT_LINK = `<${LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`;

export interface LinkRouteDeps {
  baseUrl: string;
  answers: ResolutionAnswers;
  responses: Record<string | number, unknown>;
  access: { kind: 'public'; budget: 'resolution' };
  servePassport: (
    request: FastifyRequest,
    reply: FastifyReply,
    key: PassportKey,
    url: string,
  ) => Promise<unknown>;
}

export function linkRoutes(app: App, deps: LinkRouteDeps): void {
  const config = { access: deps.access, cors: true };
  const tags = ['Public resolution'];

  const serveLink = async (request: FastifyRequest, reply: FastifyReply, link: LinkRequest) => {
    reply.header('vary', 'Accept, Accept-Language').header('link', linkHeader(link));
    const ask = {
      host: request.hostname,
      linkType: (request.query as { linkType?: unknown }).linkType,
      accept: request.headers.accept,
      query: queryWithoutLinkType(request.url),
    };
    const answer = await deps.answers.gs1Links(ask, link);
    if (answer.kind === 'passport') {
      const url = `${link.ai}|${request.hostname}|${'productId' in answer.key ? answer.key.productId : ''}`;
      return deps.servePassport(request, reply, answer.key, url);
    }
    if (answer.kind === 'redirect') return reply.code(307).header('location', answer.location).send();
    reply.header('link', `${linkHeader(link)}, ${JSON_LD_CONTEXT_LINK}`);
    return reply.code(200).type(answer.contentType).serializer(String).send(answer.body);
  };

  for (const [ai, name] of [
    ['01', 'GTIN'],
    ['8003', 'GRAI'],
  ] as const) {
    app.get(
      `/${ai}/:key`,
      {
        config,
        schema: { tags, summary: `GS1 Digital Link by ${name}`, params: KeyParams, response: deps.responses },
      },
      async (request, reply) =>
        serveLink(request, reply, keyLinkRequest(deps.baseUrl, ai, request.params.key, request.url)),
    );
    app.get(
      `/${ai}/:key/*`,
      {
        config,
        schema: {
          tags,
          summary: `GS1 Digital Link by ${name} with key qualifiers (an item link redirects to its unit) or partly compressed`,
          params: KeyRestParams,
          response: deps.responses,
        },
      },
      async (request, reply) =>
        serveLink(request, reply, keyLinkRequest(deps.baseUrl, ai, request.params.key, request.url)),
    );
  }

  app.get(
    `/:compressed(${COMPRESSED})`,
    {
      config,
      schema: {
        tags,
        summary: 'Fully compressed GS1 Digital Link, resolved as its uncompressed form',
        params: CompressedParams,
        response: deps.responses,
      },
    },
    async (request, reply) =>
      serveLink(
        request,
        reply,
        compressedLinkRequest(deps.baseUrl, request.params.compressed, request.method),
      ),
  );
}
