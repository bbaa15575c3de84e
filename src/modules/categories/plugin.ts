// Product categories and their schemas. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { categoryRoutes } from './routes.ts';

export const categoriesModule: AppModule = async (app, { context }) => {
  await categoryRoutes(app, context);
};
