// Platform admin API of the origin side of backups: the backup targets, and a workspace's archive
// (what `opendpp backup export` writes). docs/backup.md.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { errorResponses } from '../../core/schemas.ts';
import { exportWorkspace } from './export.ts';
import {
  CreateTargetBody,
  DeletedResponse,
  TargetListResponse,
  TargetParams,
  TargetResponse,
  WorkspaceParams,
} from './schemas.ts';
import * as backups from './service.ts';

const access = { kind: 'admin' } as const;
const tags = ['Platform admin'];
const security = [{ platformAdmin: [] }];
const ADMIN_ERRORS = [400, 401, 404, 500];

export async function backupOriginRoutes(app: App, appContext: AppContext): Promise<void> {
  const context: backups.BackupContext = {
    ...appContext,
    backups: { allowInsecure: appContext.config.backupAllowInsecureTargets },
  };
  targetRoutes(app, context);
  archiveRoute(app, context);
}

/** The backup targets added, listed and removed. */
function targetRoutes(app: App, context: backups.BackupContext): void {
  app.post(
    '/admin/v1/backup-targets',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Add a backup node: every sealed passport version, earlier ones included, is pushed there',
        body: CreateTargetBody,
        response: { 201: TargetResponse, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const target = await backups.createTarget(context, request.body);
      return reply.code(201).send({ success: true as const, target });
    },
  );

  app.get(
    '/admin/v1/backup-targets',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'The backup nodes, with how many versions each holds, awaits or refused',
        response: { 200: TargetListResponse, ...errorResponses(401, 500) },
      },
    },
    async () => ({ success: true as const, targets: await backups.listTargets(context) }),
  );

  app.delete(
    '/admin/v1/backup-targets/:id',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Stop pushing to a backup node (what it holds stays recorded)',
        params: TargetParams,
        response: { 200: DeletedResponse, ...errorResponses(401, 404, 500) },
      },
    },
    async (request) => {
      await backups.deleteTarget(context, request.params.id);
      return { success: true as const };
    },
  );
}

/** A workspace's archive, as `opendpp backup export` writes it. */
function archiveRoute(app: App, context: backups.BackupContext): void {
  app.get(
    '/admin/v1/workspaces/:id/backup-archive',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: "A workspace's sealed passport versions, units and seal CA as a verifiable ustar archive",
        params: WorkspaceParams,
        response: {
          200: {
            description: 'The archive (docs/backup.md, "The archive")',
            content: { 'application/x-tar': { schema: Type.String({ format: 'binary' }) } },
          },
          ...errorResponses(401, 404, 500),
        },
      },
    },
    async (request, reply) => {
      const archive = await exportWorkspace(context, request.params.id);
      // The declared schema says binary; the reply's type provider only knows strings.
      return (reply as FastifyReply)
        .code(200)
        .header('content-disposition', `attachment; filename="backup-${request.params.id}.tar"`)
        .type('application/x-tar')
        .send(archive);
    },
  );
}
