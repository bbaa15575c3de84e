// Facilities of a workspace. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { facilityRoutes } from './routes.ts';

export const facilitiesModule: AppModule = async (app, { context }) => {
  await facilityRoutes(app, context);
};
