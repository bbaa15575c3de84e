// The JSON-LD context and vocabulary the node serves. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { vocabularyRoutes } from './routes.ts';

export const vocabularyModule: AppModule = async (app, { context }) => {
  await vocabularyRoutes(app, context);
};
