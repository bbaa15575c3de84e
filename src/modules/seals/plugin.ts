// Seals and sealing keys. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { sealRoutes } from './routes.ts';

export const sealsModule: AppModule = async (app, { context }) => {
  await sealRoutes(app, context);
};
