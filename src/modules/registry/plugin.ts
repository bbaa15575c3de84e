// Registry readiness: the registry records, the upload files and the registrations. Registered by
// buildApp with the in-process GET the IDENTIFIER_RESOLVES check asks the node with.
import type { AppModule, ModuleOptions } from '../../module-plugin.ts';
import { registryRoutes } from './routes.ts';
import type { SelfResolve } from './service.ts';

export interface RegistryModuleOptions extends ModuleOptions {
  resolve: SelfResolve;
}

export const registryModule: AppModule<RegistryModuleOptions> = async (app, { context, resolve }) => {
  await registryRoutes(app, {
    ...context,
    resolve,
    backups: {
      policy: { allowInsecure: context.config.backupAllowInsecureTargets },
      timeoutMs: context.config.webhookTimeoutMs,
    },
  });
};
