// Passport history: the version list, one archived version, and the version current at an instant.
// Served by the grants module rather than by passports: every read is an owner's or a grant holder's,
// judged and entered in the access log here, and grants stand above passports, whose versions they read.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { notFound } from '../../core/errors.ts';
import {
  errorResponses,
  LD_MEDIA,
  mediaResponse,
  PagingQuery,
  readPaging,
  TENANT_ERRORS,
} from '../../core/schemas.ts';
import { LD_JSON, sendText } from '../../http/reply.ts';
import { actorOf } from '../../http/request-actor.ts';
import {
  AtQuery,
  HistoryResponse,
  IdParams,
  PassportDocumentSchema,
  VersionParams,
} from '../passports/schemas.ts';
import {
  documentAtForGrant,
  documentAtForOwner,
  type GrantReader,
  grantFromToken,
  listHistoryForGrant,
  listHistoryForOwner,
  versionDocumentForGrant,
  versionDocumentForOwner,
} from './service.ts';

const tags = ['Passport history'];

// Documented on each route: the auth hook reads it before validation (request.grantToken).
const grantQuery = {
  grant: Type.Optional(
    Type.String({ description: 'an access grant token, for callers that cannot send Authorization' }),
  ),
};
const HistoryQuery = Type.Object({ ...PagingQuery.properties, ...grantQuery });
const HistoryAtQuery = Type.Object({ ...AtQuery.properties, ...grantQuery });
const VersionQuery = Type.Object(grantQuery);
// Open to API keys and to grant holders (Bearer dpp_li_/dpp_auth_ or ?grant=).
const access = { kind: 'tenant', permission: 'passport:read', grants: true } as const;

/**
 * The grant reader of a request carrying a grant token, or null for an API-key request. A token that
 * names no usable grant (unknown, revoked, expired, pending) reads as a passport not found, as the
 * spec says. Grant answers are private to their holder and must not leak through a Referer.
 */
async function grantReader(services: AppContext, request: FastifyRequest, reply: FastifyReply) {
  if (request.grantToken === null) return null;
  reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
  const grant = await grantFromToken(services, request.grantToken);
  if (!grant) throw notFound('Passport not found');
  return { grant, clientAddress: request.ip } satisfies GrantReader;
}

export async function passportHistoryRoutes(app: App, services: AppContext): Promise<void> {
  app.get(
    '/api/v1/passports/:id/history',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Archived versions, newest first',
        params: IdParams,
        querystring: HistoryQuery,
        response: { 200: HistoryResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const { page, limit } = readPaging(request.query);
      const reader = await grantReader(services, request, reply);
      const history = reader
        ? await listHistoryForGrant(services, reader, request.params.id, page, limit)
        : await listHistoryForOwner(services, actorOf(request), request.params.id, page, limit, {
            clientAddress: request.ip,
          });
      return { success: true as const, ...history };
    },
  );

  app.get(
    '/api/v1/passports/:id/history/at',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The passport document current at an instant (?at=<ISO 8601>)',
        params: IdParams,
        querystring: HistoryAtQuery,
        response: {
          200: mediaResponse(LD_MEDIA, PassportDocumentSchema, 'The document current at that instant'),
          ...errorResponses(...TENANT_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const reader = await grantReader(services, request, reply);
      const text = reader
        ? await documentAtForGrant(services, reader, request.params.id, request.query.at)
        : await documentAtForOwner(services, actorOf(request), request.params.id, request.query.at, {
            clientAddress: request.ip,
          });
      return sendText(reply, 200, LD_JSON, text);
    },
  );

  app.get(
    '/api/v1/passports/:id/history/:version',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One archived version as a document',
        params: VersionParams,
        querystring: VersionQuery,
        response: {
          200: mediaResponse(LD_MEDIA, PassportDocumentSchema, 'The archived document, as it was served'),
          ...errorResponses(...TENANT_ERRORS),
        },
      },
    },
    async (request, reply) => {
      // Versions are stored as 32-bit integers: a larger number names no version.
      const version = /^\d{1,10}$/.test(request.params.version) ? Number(request.params.version) : 0;
      if (version < 1 || version > 2_147_483_647) throw notFound('No such version');
      const reader = await grantReader(services, request, reply);
      const text = reader
        ? await versionDocumentForGrant(services, reader, request.params.id, version)
        : await versionDocumentForOwner(services, actorOf(request), request.params.id, version, {
            clientAddress: request.ip,
          });
      return sendText(reply, 200, LD_JSON, text);
    },
  );
}
