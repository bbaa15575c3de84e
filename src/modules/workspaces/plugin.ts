// Workspaces: created and managed by the platform admin. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { workspaceRoutes } from './routes.ts';

export const workspacesModule: AppModule = async (app, { context }) => {
  await workspaceRoutes(app, context);
};
