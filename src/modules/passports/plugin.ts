// Passports: writes, AAS ingest and QR codes. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { passportAasIngestRoutes } from './aas-ingest-routes.ts';
import { passportQrRoutes } from './qr-routes.ts';
import { passportRoutes } from './routes.ts';

export const passportsModule: AppModule = async (app, { context }) => {
  await passportRoutes(app, context);
  await passportAasIngestRoutes(app, context);
  await passportQrRoutes(app, context);
};
