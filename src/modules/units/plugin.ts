// Units: serialisation, unit reads and events, unit QR codes. The module's one plugin, registered by buildApp.
import type { AppModule } from '../../module-plugin.ts';
import { unitQrRoutes } from './qr-routes.ts';
import { passportUnitRoutes } from './serialisation-routes.ts';
import { unitRoutes } from './unit-routes.ts';

export const unitsModule: AppModule = async (app, { context }) => {
  await passportUnitRoutes(app, context);
  await unitRoutes(app, context);
  await unitQrRoutes(app, context);
};
