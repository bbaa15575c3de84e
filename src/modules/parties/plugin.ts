// Economic operators and facilities over HTTP. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { facilityRoutes } from './facility-routes.ts';
import { operatorRoutes } from './operator-routes.ts';

export const partiesModule: AppModule = async (app, { context }) => {
  await operatorRoutes(app, context);
  await facilityRoutes(app, context);
};
