// Platform admin API of the backup host: partners (origin nodes whose seals this node keeps), their
// copies, and the import of an origin's export archive (docs/backup.md).
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { errorResponses, PagingQuery, readPaging } from '../../core/schemas.ts';
import {
  CreatedPartnerResponse,
  CreatePartnerBody,
  EndedPartnerResponse,
  EndPartnerQuery,
  ImportResponse,
  PartnerCopiesResponse,
  PartnerListResponse,
  PartnerParams,
} from './schemas.ts';
import * as backup from './service.ts';

const access = { kind: 'admin' } as const;
const tags = ['Backup host'];
const security = [{ platformAdmin: [] }];
/** An archive is read whole before anything is stored: the largest one a host takes. */
export const IMPORT_BODY_LIMIT = 200 * 1024 * 1024;
const TAR_TYPE = 'application/x-tar';

export async function backupAdminRoutes(app: App, context: AppContext): Promise<void> {
  partnerRoutes(app, context);
  partnerCopiesRoute(app, context);
  // The archive arrives as raw bytes: the parser lives in this scope only.
  await app.register(async (scope) => importRoute(scope, context));
}

/** Partners registered, listed and ended. */
function partnerRoutes(app: App, context: AppContext): void {
  app.post(
    '/admin/v1/backup-partners',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary:
          'Register an origin node whose sealed passports this node keeps; answers its push token once',
        body: CreatePartnerBody,
        response: { 201: CreatedPartnerResponse, ...errorResponses(400, 401, 500) },
      },
    },
    async (request, reply) => {
      const created = await backup.registerPartner(context, request.body);
      return reply.code(201).send({ success: true, ...created });
    },
  );

  app.get(
    '/admin/v1/backup-partners',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'List backup partners with the number of copies held for each',
        response: { 200: PartnerListResponse, ...errorResponses(401, 500) },
      },
    },
    async () => ({ success: true as const, partners: await backup.partners(context) }),
  );

  app.delete(
    '/admin/v1/backup-partners/:id',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary:
          'End a backup partnership (its token stops working, the copies stay, read-only), or with ?copies=true delete the partner and its copies',
        params: PartnerParams,
        querystring: EndPartnerQuery,
        response: { 200: EndedPartnerResponse, ...errorResponses(400, 401, 404, 500) },
      },
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      if (request.query.copies === 'true')
        return { success: true as const, ...(await backup.removePartnerWithCopies(context, id)) };
      return { success: true as const, partner: await backup.endPartnership(context, id) };
    },
  );
}

/** The copies one partner stored here, a page at a time. */
function partnerCopiesRoute(app: App, context: AppContext): void {
  app.get(
    '/admin/v1/backup-partners/:id/copies',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'The passport versions a backup partner stored here, by passport and version',
        params: PartnerParams,
        querystring: PagingQuery,
        response: { 200: PartnerCopiesResponse, ...errorResponses(400, 401, 404, 500) },
      },
    },
    async (request) => {
      const { page, limit } = readPaging(request.query);
      return {
        success: true as const,
        page,
        limit,
        ...(await backup.partnerCopies(context, request.params.id.toLowerCase(), { page, limit })),
      };
    },
  );
}

function importRoute(scope: App, context: AppContext): void {
  scope.addContentTypeParser(
    TAR_TYPE,
    { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT },
    (_r, body, done) => done(null, body),
  );
  scope.post(
    '/admin/v1/backup-partners/:id/import',
    {
      config: { access },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: `Import an archive of \`opendpp backup export\` (${TAR_TYPE}) for this partner, whole or not at all`,
        params: PartnerParams,
        response: { 200: ImportResponse, ...errorResponses(400, 401, 404, 409, 413, 415, 500) },
      },
    },
    async (request) => {
      // The node's JSON parser reaches this scope too: anything but the archive's bytes is refused.
      if (!Buffer.isBuffer(request.body))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The archive is sent as ${TAR_TYPE}`);
      return {
        success: true as const,
        imported: await backup.importArchive(context, request.params.id.toLowerCase(), request.body),
      };
    },
  );
}
