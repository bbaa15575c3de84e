// Who the caller is, as the node sees the credentials. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { whoamiRoutes } from './routes.ts';

export const whoamiModule: AppModule = async (app) => {
  await whoamiRoutes(app);
};
