// Public resolution, the HTTP side: what a scan of the product reaches. GET /passport/{id},
// /unit/{id}, the GS1 Digital Links (`/01/{gtin}[/…]`, `/8003/{grai}[/…]`, the fully compressed
// `/{base64url}`) and the resolver description file (description.ts); on the node's host and on
// workspace hosts, negotiated by Accept, in the caller's tier, readable from any origin (CORS). A
// handler reads the request into a Scan of plain values, makes one call to the pipeline (service.ts,
// answerScan) and sends what it answers: a redirect, a linkset, or the bytes (a 304 for a current
// If-None-Match). Every answer to a valid Digital Link carries a Link header naming its linkset and, for a compressed request, the uncompressed link (`owl:sameAs`).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../context.ts';
import { PUBLIC_READ } from '../../core/cache-policy.ts';
import type { Custody } from '../../core/custody.ts';
import type { Representation, Subject } from '../../core/representations.ts';
import { bearerToken } from '../../http/auth.ts';
import { ifNoneMatch, sendCacheable } from '../../http/cache-headers.ts';
import { languageOf } from '../../http/language.ts';
import { preferredRepresentation } from '../../http/representations.ts';
import { SESSION_COOKIE } from '../credential-access/service.ts';
import { descriptionRoute } from './description.ts';
import { type GrantAccess, NO_GRANTS } from './grant-access.ts';
import { LINKSET_CONTEXT, LINKSET_TYPE } from './linkset.ts';
import {
  compressedLinkRequest,
  keyLinkRequest,
  type LinkRequest,
  queryWithoutLinkType,
} from './parse-link.ts';
import type { RenderCache } from './render-cache.ts';
import {
  COMPRESSED,
  CompressedParams,
  IdParams,
  KeyParams,
  KeyRestParams,
  resolutionResponses,
} from './schemas.ts';
import { answerScan, type Resolution, resolution, type Scan, type ScanAnswer } from './service.ts';

/** The request read once into plain values: everything the pipeline needs of it. */
function scanOf(
  reads: Resolution,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: Subject['kind'],
): Scan {
  reply.header('vary', 'Accept, Accept-Language');
  const { accept } = request.headers;
  return {
    host: request.hostname,
    clientAddress: request.ip,
    accept,
    representation: preferredRepresentation(accept, reads.representations, kind),
    // Read in the order of the floors they live on (the credential, then the language), so a
    // scan's walk through the request only descends before it comes back to send the answer.
    token: bearerToken(request),
    lang: languageOf(request),
    grant: grantOf(request),
    log: request.log,
  };
}

/**
 * The grant a request names: `?grant=`, else the credential session's HttpOnly cookie (the page
 * session of the browser that presented a credential, docs/credential-access.md).
 */
function grantOf(request: FastifyRequest): unknown {
  const grant = (request.query as { grant?: unknown } | undefined)?.grant;
  if (grant !== undefined) return grant;
  return request.cookies?.[SESSION_COOKIE];
}

function send(request: FastifyRequest, reply: FastifyReply, scanned: ScanAnswer, link?: LinkRequest) {
  if (scanned.kind === 'redirect') {
    // Where a link leads follows the data like the answer itself: a shared cache keeps it one second.
    return reply.code(307).headers(PUBLIC_READ).header('location', scanned.location).send();
  }
  if (scanned.kind === 'linkset') {
    if (link) reply.header('link', `${linkHeader(link)}, ${JSON_LD_CONTEXT_LINK}`);
    reply.header('vary', 'Accept');
    return sendCacheable(request, reply, {
      type: scanned.contentType,
      body: scanned.body,
      headers: PUBLIC_READ,
    });
  }
  const { answer } = scanned;
  reply.headers(answer.headers).header('etag', answer.etag);
  if (answer.status === 200 && ifNoneMatch(request, answer.etag)) return reply.code(304).send();
  return reply.code(answer.status).type(answer.contentType).send(answer.body);
}

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

/** A Digital Link: its linkset, a redirect, or the passport in place, read like /passport/{id}. */
async function serveLink(reads: Resolution, request: FastifyRequest, reply: FastifyReply, link: LinkRequest) {
  const linkType = (request.query as { linkType?: unknown }).linkType;
  const target = { kind: 'link', link, linkType, query: queryWithoutLinkType(request.url) } as const;
  const scan = scanOf(reads, request, reply, 'passport');
  reply.header('link', linkHeader(link));
  return send(request, reply, await answerScan(reads, scan, target), link);
}

const tags = ['Public resolution'];
/** Resolution answers any origin (docs/resolution.md, CORS). */
const config = { access: { kind: 'public', budget: 'resolution' }, cors: true } as const;

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
  const reads = resolution(services, {
    cache: options.cache,
    grants: options.grants ?? NO_GRANTS,
    representations,
    ...(options.custody ? { custody: options.custody } : {}),
  });
  const responses = resolutionResponses(representations);

  app.get(
    '/passport/:id',
    {
      config,
      schema: { tags, summary: 'Resolve a passport by UUID', params: IdParams, response: responses.passport },
    },
    async (request, reply) => {
      const target = { kind: 'passport', id: request.params.id } as const;
      return send(
        request,
        reply,
        await answerScan(reads, scanOf(reads, request, reply, target.kind), target),
      );
    },
  );

  digitalLinkRoutes(app, reads, services.baseUrl, responses.key);
  descriptionRoute(app, services.baseUrl);

  app.get(
    '/unit/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Resolve a serialised battery unit (410 once recycled)',
        params: IdParams,
        response: responses.unit,
      },
    },
    async (request, reply) => {
      const target = { kind: 'unit', id: request.params.id } as const;
      return send(
        request,
        reply,
        await answerScan(reads, scanOf(reads, request, reply, target.kind), target),
      );
    },
  );
}

/**
 * The GS1 Digital Link routes: a GTIN or GRAI link (with key qualifiers, or partly compressed) and a
 * fully compressed link, each answered by the link decision of `serveLink`.
 */
function digitalLinkRoutes(
  app: App,
  reads: Resolution,
  baseUrl: string,
  responses: ReturnType<typeof resolutionResponses>['key'],
): void {
  for (const [ai, name] of [
    ['01', 'GTIN'],
    ['8003', 'GRAI'],
  ] as const) {
    const schema = {
      tags,
      summary: `GS1 Digital Link by ${name}`,
      params: KeyParams,
      response: responses,
    };
    app.get(`/${ai}/:key`, { config, schema }, async (request, reply) =>
      serveLink(reads, request, reply, keyLinkRequest(baseUrl, ai, request.params.key, request.url)),
    );
    const summary = `GS1 Digital Link by ${name} with key qualifiers (an item link redirects to its unit) or partly compressed`;
    app.get(
      `/${ai}/:key/*`,
      { config, schema: { tags, summary, params: KeyRestParams, response: responses } },
      async (request, reply) =>
        serveLink(reads, request, reply, keyLinkRequest(baseUrl, ai, request.params.key, request.url)),
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
        response: responses,
      },
    },
    async (request, reply) =>
      serveLink(
        reads,
        request,
        reply,
        compressedLinkRequest(baseUrl, request.params.compressed, request.method),
      ),
  );
}
