// The node about itself: health and version. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { serviceRoutes } from './routes.ts';

export const serviceModule: AppModule = async (app, { context }) => {
  await serviceRoutes(app, context);
};
