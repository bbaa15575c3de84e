// The copies a backup host holds (docs/backup.md): a partner pushes sealed versions with its token;
// anyone reads the newest copy or one version in the public tier, the partner and the platform admin
// read them whole. Answered as JSON-LD, JSON or the passport page, never in a form the host signs.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import type { Representation } from '../../core/representations.ts';
import { errorResponses, mediaResponses } from '../../core/schemas.ts';
import { bearerToken } from '../../http/auth.ts';
import { SERVICE_BODY_LIMIT } from '../../http/body-limits.ts';
import { languageOf } from '../../http/language.ts';
import { chooseRepresentation } from '../../http/representations.ts';
import {
  CopyDocument,
  CopyParams,
  CopyResponse,
  PassportParams,
  PushHeaders,
  SealedDocumentBody,
} from './schemas.ts';
import * as backup from './service.ts';

const tags = ['Backup host'];
const PageText = Type.String({ description: 'the passport page of the copy' });

export interface CopyRouteOptions {
  isAdminToken: (token: string) => boolean;
}

export async function backupCopyRoutes(
  app: App,
  context: AppContext,
  options: CopyRouteOptions,
): Promise<void> {
  const representations: Representation[] = context.representations.filter((r) =>
    (backup.COPY_TYPES as readonly string[]).includes(r.type),
  );
  pushRoute(app, context);
  readRoutes(app, context, options, representations);
}

/** A partner pushes one sealed version with its token. */
function pushRoute(app: App, context: AppContext): void {
  // The partner is found before the body is read: an unknown caller never costs a 5 MB parse.
  const pushers = new WeakMap<FastifyRequest, backup.PartnerRow>();

  app.put(
    '/backup/v1/passports/:passportId/versions/:version',
    {
      config: { access: { kind: 'public', budget: 'none' } },
      bodyLimit: SERVICE_BODY_LIMIT,
      onRequest: async (request) => {
        pushers.set(request, await backup.partnerOfToken(context, bearerToken(request)));
      },
      schema: {
        tags,
        security: [{ backupPartner: [] }],
        summary:
          'Push one sealed passport version (partner token): append-only, the next version of a passport id the partner holds',
        params: CopyParams,
        headers: PushHeaders,
        body: SealedDocumentBody,
        response: {
          200: CopyResponse,
          201: CopyResponse,
          ...errorResponses(400, 401, 409, 413, 415, 500),
        },
      },
    },
    async (request, reply) => {
      const partner = pushers.get(request) as backup.PartnerRow;
      const follows = request.headers['opendpp-previous-version'];
      const path = {
        passportId: request.params.passportId,
        version: Number(request.params.version),
        ...(follows === undefined ? {} : { follows: Number(follows) }),
      };
      const stored = await backup.acceptCopy(context, partner, path, request.body);
      return reply.code(stored.created ? 201 : 200).send({ success: true, copy: stored.copy });
    },
  );
}

/** The newest copy of a passport, or one version, in the tier the reader's token opens. */
function readRoutes(
  app: App,
  context: AppContext,
  options: CopyRouteOptions,
  representations: Representation[],
): void {
  const copyAnswer = {
    200: mediaResponses(
      'The copy, with backupOf',
      Object.fromEntries(
        representations.map((r) => [r.type, r.type === 'text/html' ? PageText : CopyDocument]),
      ),
    ),
    ...errorResponses(400, 401, 404, 406, 429, 500),
  };
  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: { passportId: string; version?: number },
  ) => {
    const representation = chooseRepresentation(request, reply, representations, 'passport');
    const credential = { token: bearerToken(request), isAdminToken: options.isAdminToken };
    const served = await backup.readCopy(context, credential, path);
    const lang = languageOf(request);
    const body = await representation.render(served.subject, { lang, baseUrl: served.originBaseUrl });
    reply
      .headers(representation.headers ?? {})
      .header('cache-control', served.subject.tier === 'public' ? 'public, no-cache' : 'private, no-store');
    if (representation.localised) reply.header('content-language', lang);
    return reply.code(200).type(representation.contentType).send(body);
  };

  const access = { kind: 'public', budget: 'resolution' } as const;
  app.get(
    '/backup/v1/passports/:passportId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The newest copy of a passport held here',
        params: PassportParams,
        response: copyAnswer,
      },
    },
    async (request, reply) => serve(request, reply, { passportId: request.params.passportId }),
  );
  app.get(
    '/backup/v1/passports/:passportId/versions/:version',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One version of a passport held here',
        params: CopyParams,
        response: copyAnswer,
      },
    },
    async (request, reply) =>
      serve(request, reply, {
        passportId: request.params.passportId,
        version: Number(request.params.version),
      }),
  );
}
