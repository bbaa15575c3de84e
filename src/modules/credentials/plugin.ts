// Verifiable credentials and their status lists. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { credentialRoutes } from './routes.ts';

export const credentialsModule: AppModule = async (app, { context }) => {
  await credentialRoutes(app, context);
};
