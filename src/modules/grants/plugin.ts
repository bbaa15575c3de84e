// Access grants and the public request-access form. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { requestAccessRoutes } from './request-routes.ts';
import { grantRoutes } from './routes.ts';

export const grantsModule: AppModule = async (app, { context }) => {
  await grantRoutes(app, context);
  await requestAccessRoutes(app, context);
};
