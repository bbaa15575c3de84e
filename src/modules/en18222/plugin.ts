// EN 18222 life-cycle operations. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { lifeCycleRoutes } from './routes.ts';

export const en18222Module: AppModule = async (app, { context }) => {
  await lifeCycleRoutes(app, context);
};
