// Access grants, the public request-access form, and the passport history grant holders and owners
// read. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { passportHistoryRoutes } from './history-routes.ts';
import { requestAccessRoutes } from './request-routes.ts';
import { grantRoutes } from './routes.ts';

export const grantsModule: AppModule = async (app, { context }) => {
  await grantRoutes(app, context);
  await requestAccessRoutes(app, context);
  await passportHistoryRoutes(app, context);
};
