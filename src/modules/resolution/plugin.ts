// Public resolution of passports and units. The module's one plugin, registered by buildApp; it is
// handed the render cache, the credential forms and the grant checks rather than reaching for them.
import type { AppModule, ModuleOptions } from '../../module-plugin.ts';
import { type ResolutionOptions, resolutionRoutes } from './routes.ts';

export interface ResolutionModuleOptions extends ModuleOptions, ResolutionOptions {}

export const resolutionModule: AppModule<ResolutionModuleOptions> = async (app, { context, ...options }) => {
  await resolutionRoutes(app, context, options);
};
