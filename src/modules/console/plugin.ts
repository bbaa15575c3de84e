// The console: the platform admin's routes, the session API and the pages. The module's one plugin,
// registered by buildApp with the sessions it shares with the auth hook.
import type { AppModule, ModuleOptions } from '../../module-plugin.ts';
import type { RegistryContext } from '../registry/service.ts';
import { consoleAdminRoutes } from './admin-routes.ts';
import { consoleApiRoutes } from './api-routes.ts';
import { consolePages } from './page-routes.ts';
import type { Inject } from './pages.ts';
import type { SessionService } from './sessions.ts';

export interface ConsoleModuleOptions extends ModuleOptions {
  sessions: SessionService;
  /** The console acts through the node's own API, as the signed-in member. */
  inject: Inject;
  /** The registry's checks, for the registry overview's lists, which the API does not answer. */
  registry: RegistryContext;
}

export const consoleModule: AppModule<ConsoleModuleOptions> = async (
  app,
  { context, sessions, inject, registry },
) => {
  await consoleAdminRoutes(app, context);
  await consoleApiRoutes(app, context, sessions);
  await consolePages(app, context, sessions, inject, registry);
};
