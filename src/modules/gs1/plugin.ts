// GS1 keys: the workspace routes and the platform admin report. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { gs1AdminRoutes } from './admin-routes.ts';
import { gs1Routes } from './routes.ts';

export const gs1Module: AppModule = async (app, { context }) => {
  await gs1Routes(app, context);
  await gs1AdminRoutes(app, context);
};
