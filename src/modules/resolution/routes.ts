// Public resolution: what a scan of the product reaches. GET /passport/{id}, /01/{gtin}[/…],
// /8003/{grai}[/…] and /unit/{id}, on the node's host and on workspace hosts, negotiated by Accept,
// in the caller's tier. Public answers are rendered once and kept briefly (render-cache.ts).

import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { parseLink } from '../../domain/gs1/digital-link.ts';
import { normaliseGtin } from '../../domain/gs1/gtin.ts';
import { normaliseHost } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Lang } from '../../http/i18n.ts';
import { languageOf } from '../../http/language.ts';
import { loggableError } from '../../http/loggable-error.ts';
import { chooseRepresentation, type Representation, type Subject } from '../../http/representations.ts';
import { emptyResponse, errorResponses, JsonLdDocument, mediaResponses } from '../../http/schemas.ts';
import {
  findKeptRendition,
  type KeptRendition,
  keepRendition,
  rendererFingerprint,
  variantOf,
} from '../passports/service.ts';
import { findUnitBySerial } from '../units/service.ts';
import { workspaceIdOfSubdomain } from '../workspaces/service.ts';
import { type GrantAccess, NO_GRANTS } from './grant-access.ts';
import { LINKSET_TYPE, linkset, linkTypeOf, passportLinks, wantsLinkset } from './linkset.ts';
import type { RenderCache, RenderedAnswer } from './render-cache.ts';
import {
  type FoundUnit,
  findPassport,
  findUnit,
  type PassportKey,
  passportSubject,
  readerOf,
  unitFacts,
  unitSubject,
  unitTombstone,
} from './service.ts';
import { type Viewer, viewerOf } from './viewer.ts';

const tags = ['Public resolution'];
const access = { kind: 'public', budget: 'resolution' } as const;
const PageText = Type.String({ description: 'an HTML page' });
const Linkset = Type.Object({
  linkset: Type.Array(Type.Object({ anchor: Type.String() }, { additionalProperties: true })),
});
const RESTRICTED_HEADERS = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' };
const PUBLIC_HEADERS = { 'cache-control': 'public, no-cache' };
const PUBLIC_READER = { tier: 'public', grant: null } as const;

/** What a route resolved: the subject in the caller's tier, and what to do once it is answered. */
interface Resolved {
  subject: Subject;
  status?: number;
  /** Records a grant holder's read in the access log. */
  record?: () => Promise<void>;
  /** Keeps a public answer beside the passport for later reads. */
  keep?: (lang: Lang, body: string, etag: string) => Promise<void>;
}

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

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

function send(request: FastifyRequest, reply: FastifyReply, answer: RenderedAnswer) {
  reply.headers(answer.headers).header('etag', answer.etag);
  if (answer.status === 200 && matches(request, answer.etag)) return reply.code(304).send();
  return reply.code(answer.status).type(answer.contentType).send(answer.body);
}

export async function resolutionRoutes(
  app: App,
  services: AppContext,
  options: ResolutionOptions,
): Promise<void> {
  const grants = options.grants ?? NO_GRANTS;
  const representations = [...services.representations, ...(options.representations ?? [])];
  const publicHost = normaliseHost(new URL(services.baseUrl).hostname);
  const lookupKey = services.lookupKey;

  /** The workspace a workspace host names: null on the node's own host, undefined for an unknown one. */
  async function scopeOf(request: FastifyRequest): Promise<string | null | undefined> {
    const host = normaliseHost(request.hostname);
    if (!host.endsWith(`.${publicHost}`)) return null;
    return (await workspaceIdOfSubdomain(services.db, host.slice(0, -publicHost.length - 1))) ?? undefined;
  }

  const choose = (request: FastifyRequest, reply: FastifyReply, kind: Subject['kind']) =>
    chooseRepresentation(request, reply, representations, kind);

  /**
   * Answers a subject in the chosen representation. Anonymous answers are kept in the render cache
   * under `cacheKey` (the URL as requested, with the type and language).
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    representation: Representation,
    cacheKey: string,
    resolve: (viewer: Viewer) => Promise<Resolved | null>,
    kept?: (lang: Lang) => Promise<KeptRendition | null>,
  ) {
    const lang = languageOf(request);
    const key = `${cacheKey}|${representation.type}|${representation.localised ? lang : ''}`;
    const viewer = await viewerOf(request, lookupKey);
    const answerOf = (status: number, body: Buffer, etag: string, restricted: boolean): RenderedAnswer => ({
      status,
      contentType: representation.contentType,
      body,
      etag,
      headers: {
        ...(restricted ? RESTRICTED_HEADERS : PUBLIC_HEADERS),
        ...(representation.localised ? { 'content-language': lang } : {}),
        ...representation.headers,
      },
    });
    if (viewer.kind === 'anonymous') {
      const cached = options.cache.get(key);
      if (cached) return send(request, reply, cached);
      if (kept) {
        // The answer kept in the store beside the passport, found with the passport itself.
        const rendition = await kept(lang);
        if (!rendition) throw notFound('Nothing is published under this identifier');
        if (rendition.body !== null && rendition.etag !== null) {
          const stored = answerOf(200, Buffer.from(rendition.body), rendition.etag, false);
          options.cache.set(key, rendition.tenantId, stored);
          return send(request, reply, stored);
        }
      }
    }
    const found = await resolve(viewer);
    if (!found) throw notFound('Nothing is published under this identifier');
    const { subject } = found;
    const text = await representation.render(subject, { lang, baseUrl: services.baseUrl });
    const body = Buffer.from(text);
    const restricted = subject.tier !== 'public';
    const rendered = answerOf(found.status ?? 200, body, etagOf(body), restricted);
    if (!restricted && viewer.kind === 'anonymous') {
      options.cache.set(key, subject.tenantId, rendered);
      // Keeping is an optimisation: a store that refuses it (a read replica) still answers the read.
      await found.keep?.(lang, text, rendered.etag).catch((error: unknown) => {
        request.log.warn({ err: loggableError(error) }, 'a rendition could not be kept');
      });
    }
    await found.record?.();
    return send(request, reply, rendered);
  }

  async function servePassport(
    request: FastifyRequest,
    reply: FastifyReply,
    key: PassportKey,
    cacheKey: string,
  ) {
    const representation = choose(request, reply, 'passport');
    const fingerprint = representation.kept ? rendererFingerprint(representation, services.baseUrl) : null;
    const kept =
      fingerprint === null
        ? undefined
        : async (lang: Lang) => {
            const scope = await scopeOf(request);
            if (scope === undefined) return null;
            const variant = variantOf('public', representation, lang);
            return findKeptRendition(
              services.db,
              { by: key, tenantId: scope, published: true },
              variant,
              fingerprint,
            );
          };
    const resolve = async (viewer: Viewer): Promise<Resolved | null> => {
      const scope = await scopeOf(request);
      if (scope === undefined) return null;
      const found = await findPassport(services, key, scope);
      if (!found) return null;
      const row = found.passport;
      const reader = await readerOf(services, grants, viewer, row);
      const subject = passportSubject(services, found, reader);
      const { grant } = reader;
      return {
        subject,
        ...(fingerprint !== null && reader.tier === 'public'
          ? {
              keep: (lang: Lang, body: string, etag: string) =>
                keepRendition(services.db, {
                  tenantId: row.tenantId,
                  passportId: row.id,
                  variant: variantOf('public', representation, lang),
                  rowsStamp: found.stamp,
                  fingerprint,
                  etag,
                  body,
                }),
            }
          : {}),
        ...(grant
          ? {
              record: () =>
                grants.record(services, {
                  grant,
                  passportId: row.id,
                  tier: reader.tier,
                  representation: representation.type,
                  action: 'resolve',
                  clientAddress: request.ip,
                }),
            }
          : {}),
      };
    };
    return answer(request, reply, representation, cacheKey, resolve, kept);
  }

  /**
   * Linkset and `?linkType=` on a GS1 key (conformant-resolver rules): true once answered, false when
   * neither was asked. A boolean, not the reply: a reply is thenable, so awaiting it gives undefined,
   * and the caller would go on to answer the same request a second time.
   */
  async function gs1Links(request: FastifyRequest, reply: FastifyReply, key: PassportKey): Promise<boolean> {
    const query = request.query as { linkType?: unknown };
    const asked = wantsLinkset(query.linkType, request.headers.accept);
    const linkType = linkTypeOf(query.linkType);
    if (!asked && linkType === null) return false;
    const scope = await scopeOf(request);
    const row = scope === undefined ? null : (await findPassport(services, key, scope))?.passport;
    if (!row) throw notFound('Nothing is published under this identifier');
    const url = `${services.baseUrl}/passport/${row.id}`;
    const links = passportLinks(
      url,
      `Digital Product Passport ${row.productId}`,
      representations.map((r) => r.type),
    );
    reply.header('vary', 'Accept, Accept-Language');
    if (asked) {
      reply
        .code(200)
        .type(LINKSET_TYPE)
        .serializer(String)
        .send(JSON.stringify(linkset(`${services.baseUrl}${request.url.split('?')[0]}`, links)));
      return true;
    }
    if (linkType === 'https://gs1.org/voc/dpp' || linkType === 'https://gs1.org/voc/defaultLink') {
      reply.code(307).header('location', url).send();
      return true;
    }
    throw notFound(`No link of type ${String(query.linkType)} for this identifier`);
  }

  async function serveUnit(request: FastifyRequest, reply: FastifyReply, id: string) {
    const representation = choose(request, reply, 'unit');
    return answer(request, reply, representation, `unit|${request.hostname}|${id}`, async (viewer) => {
      const scope = await scopeOf(request);
      if (scope === undefined) return null;
      const found: FoundUnit | null = await findUnit(services, id, scope);
      if (!found) return null;
      if (found.unit.status === 'RECYCLED') {
        return {
          subject: {
            kind: 'unit',
            view: unitTombstone(services.baseUrl, found),
            tier: 'public',
            tenantId: found.unit.tenantId,
            unit: unitFacts(found.unit),
            model: passportSubject(services, found.passport, PUBLIC_READER),
          },
          status: 410,
        };
      }
      const reader = await readerOf(services, grants, viewer, found.passport.passport);
      return { subject: await unitSubject(services, found, reader) };
    });
  }

  /** `…/21/{serial}` under a passport's key: 307 to the unit's own URL. */
  async function redirectToUnit(
    request: FastifyRequest,
    reply: FastifyReply,
    key: PassportKey,
    serial: string,
  ) {
    const scope = await scopeOf(request);
    const row = scope === undefined ? null : (await findPassport(services, key, scope))?.passport;
    const unit = row ? await findUnitBySerial(services.db, row.tenantId, row.id, serial) : null;
    if (!unit) throw notFound('No unit with this serial number is published under this identifier');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.code(307).header('location', `${services.baseUrl}/unit/${unit.id}${query}`).send();
  }

  function gtinOf(raw: string): string {
    const normalised = normaliseGtin(raw);
    if (!normalised.ok) throw badRequest(`Not a GTIN: ${normalised.error}`);
    return normalised.gtin14;
  }

  /**
   * The key qualifiers after a key (`/21/S1`, `/10/L2/21/S1`), read by the one Digital Link module
   * the decoder and the QR codes use too: an invalid link is 400.
   */
  function qualifiers(ai: string, keyValue: string, url: string): Record<string, string> {
    // The qualifiers as sent (still percent-encoded), after the key's two segments: a serial may
    // hold `%` or `/`, which the router's decoded parameter could no longer tell apart.
    const rest = (url.split('?')[0] ?? '').split('/').slice(3).join('/');
    const parsed = parseLink(`${services.baseUrl}/${ai}/${encodeURIComponent(keyValue)}/${rest}`);
    if (!parsed.ok) throw badRequest(`Not a GS1 Digital Link: ${parsed.error}`);
    return Object.fromEntries(parsed.link.ais.map(({ ai: code, value }) => [code, value]));
  }

  // The answers each route declares: every negotiated representation, and the linkset on GS1 keys.
  const representationSchemas = Object.fromEntries(
    representations.map((r) => [r.type, r.schema ?? (r.type === 'text/html' ? PageText : JsonLdDocument)]),
  );
  const common = {
    304: emptyResponse('Not Modified: the If-None-Match ETag is current'),
    ...errorResponses(400, 401, 404, 406, 429, 500),
  };
  const responses = {
    200: mediaResponses('The passport in the chosen representation and tier', representationSchemas),
    ...common,
  };
  const keyResponses = {
    200: mediaResponses('The passport, or the linkset of the key', {
      ...representationSchemas,
      [LINKSET_TYPE]: Linkset,
    }),
    307: emptyResponse('Redirect to the target of the asked link type, or to the unit a serial names'),
    ...common,
  };
  const unitResponses = {
    200: mediaResponses('The unit in the chosen representation and tier', representationSchemas),
    410: mediaResponses('The tombstone of a recycled unit', representationSchemas),
    ...common,
  };

  const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
  const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 200 }) });
  const KeyRestParams = Type.Object({
    key: Type.String({ minLength: 1, maxLength: 200 }),
    '*': Type.String(),
  });

  app.get(
    '/passport/:id',
    {
      config: { access },
      schema: { tags, summary: 'Resolve a passport by UUID', params: IdParams, response: responses },
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
      if (await gs1Links(request, reply, key)) return reply;
      return servePassport(request, reply, key, `${ai}|${request.hostname}|${productId}`);
    };
    app.get(
      `/${ai}/:key`,
      {
        config: { access },
        schema: { tags, summary: `GS1 Digital Link by ${name}`, params: KeyParams, response: keyResponses },
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
          response: keyResponses,
        },
      },
      async (request, reply) => {
        const productId = productIdOf(request.params.key);
        const pairs = qualifiers(ai, productId, request.url);
        if (pairs['21'] !== undefined) return redirectToUnit(request, reply, { productId }, pairs['21']);
        // Lot, batch or other qualifiers this node keeps no separate passport for: the model's.
        return serveKey(request, reply, productId);
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
        response: unitResponses,
      },
    },
    async (request, reply) => serveUnit(request, reply, request.params.id),
  );
}
