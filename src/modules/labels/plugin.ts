// Print-ready labels of passports and battery units. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { passportLabelRoutes } from './routes.ts';

export const labelsModule: AppModule = async (app, { context }) => {
  await passportLabelRoutes(app, context);
};
