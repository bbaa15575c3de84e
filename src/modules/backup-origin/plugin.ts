// The origin side of backup copies: backup targets and the workspace archive. Registered by buildApp;
// the push worker is started by the server beside the webhook worker.
import type { AppModule } from '../../module-plugin.ts';
import { backupOriginRoutes } from './routes.ts';

export const backupOriginModule: AppModule = async (app, { context }) => {
  await backupOriginRoutes(app, context);
};
