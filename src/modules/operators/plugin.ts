// Economic operators of a workspace. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { operatorRoutes } from './routes.ts';

export const operatorsModule: AppModule = async (app, { context }) => {
  await operatorRoutes(app, context);
};
