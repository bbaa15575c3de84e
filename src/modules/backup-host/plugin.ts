// The backup host: keeps other nodes' sealed passport versions (docs/backup.md). The module's one
// plugin, registered by buildApp; it is handed the platform admin check its public reads need.
import type { AppModule, ModuleOptions } from '../../module-plugin.ts';
import { backupAdminRoutes } from './admin-routes.ts';
import { backupCopyRoutes, type CopyRouteOptions } from './copy-routes.ts';

export interface BackupHostModuleOptions extends ModuleOptions, CopyRouteOptions {}

export const backupHostModule: AppModule<BackupHostModuleOptions> = async (
  app,
  { context, isAdminToken },
) => {
  await backupAdminRoutes(app, context);
  await backupCopyRoutes(app, context, { isAdminToken });
};
