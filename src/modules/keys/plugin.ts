// API keys of a workspace. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { keyRoutes } from './routes.ts';

export const keysModule: AppModule = async (app, { context }) => {
  await keyRoutes(app, context);
};
