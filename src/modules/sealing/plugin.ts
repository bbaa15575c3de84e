// Sealing passports. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { sealingRoutes } from './routes.ts';

export const sealingModule: AppModule = async (app, { context }) => {
  await sealingRoutes(app, context);
};
