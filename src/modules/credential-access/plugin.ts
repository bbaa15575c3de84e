// Access by credential (docs/credential-access.md): the trust list and the OpenID4VP verifier. The
// module's one plugin, registered by buildApp.
import type { AppModule, ModuleOptions } from '../../module-plugin.ts';
import { trustListRoutes } from './admin-routes.ts';
import { verifierRoutes } from './routes.ts';

export const credentialAccessModule: AppModule<ModuleOptions> = async (app, { context }) => {
  await trustListRoutes(app, context);
  await verifierRoutes(app, context);
};
