// Traceability links between passports and units. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { traceabilityRoutes } from './routes.ts';

export const traceabilityModule: AppModule = async (app, { context }) => {
  await traceabilityRoutes(app, context);
};
