// Passport history: the version list, one archived version, and the version current at an instant.
import type { App, AppContext } from '../../context.ts';
import { actorOf } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { LD_JSON, sendText } from '../../http/reply.ts';
import {
  errorResponses,
  LD_MEDIA,
  mediaResponse,
  PagingQuery,
  readPaging,
  TENANT_ERRORS,
} from '../../http/schemas.ts';
import { documentAt, listHistory, versionDocument } from './history.ts';

import { AtQuery, HistoryResponse, IdParams, PassportDocumentSchema, VersionParams } from './schemas.ts';

const tags = ['Passport history'];
const access = { kind: 'tenant', permission: 'passport:read' } as const;

export async function passportHistoryRoutes(app: App, services: AppContext): Promise<void> {
  app.get(
    '/api/v1/passports/:id/history',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Archived versions, newest first',
        params: IdParams,
        querystring: PagingQuery,
        response: { 200: HistoryResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => {
      const { page, limit } = readPaging(request.query);
      const history = await listHistory(services, actorOf(request), request.params.id, page, limit);
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
        querystring: AtQuery,
        response: {
          200: mediaResponse(LD_MEDIA, PassportDocumentSchema, 'The document current at that instant'),
          ...errorResponses(...TENANT_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const text = await documentAt(services, actorOf(request), request.params.id, request.query.at);
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
      const text = await versionDocument(services, actorOf(request), request.params.id, version);
      return sendText(reply, 200, LD_JSON, text);
    },
  );
}
