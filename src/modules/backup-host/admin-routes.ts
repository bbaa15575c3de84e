// Platform admin API of the backup host: partners (origin nodes whose seals this node keeps) and the
// import of an origin's export archive (docs/backup.md).
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { errorResponses } from '../../core/schemas.ts';
import {
  CreatedPartnerResponse,
  CreatePartnerBody,
  EndedPartnerResponse,
  ImportResponse,
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
        summary: 'End a backup partnership: its token stops working, the copies held stay, read-only',
        params: PartnerParams,
        response: { 200: EndedPartnerResponse, ...errorResponses(400, 401, 404, 500) },
      },
    },
    async (request) => ({
      success: true as const,
      partner: await backup.endPartnership(context, request.params.id.toLowerCase()),
    }),
  );

  // The archive arrives as raw bytes: the parser lives in this scope only.
  await app.register(async (scope) => importRoute(scope, context));
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
