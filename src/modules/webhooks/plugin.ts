// Webhook subscriptions and deliveries. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { webhookRoutes } from './routes.ts';

export const webhooksModule: AppModule = async (app, { context }) => {
  await webhookRoutes(app, context);
};
