// Registry readiness: the registry records, the upload files and the registrations. Registered by
// buildApp with the registry's context, which the console's overview shares (the in-process GET the
// IDENTIFIER_RESOLVES check asks the node with, and the backup targets' remembered answers).
import type { AppContext } from '../../context.ts';
import type { AppModule, ModuleOptions } from '../../module-plugin.ts';
import { heldCopyMemory } from '../backup-origin/service.ts';
import { registryRoutes } from './routes.ts';
import type { RegistryContext, SelfResolve } from './service.ts';

export interface RegistryModuleOptions extends ModuleOptions {
  registry: RegistryContext;
}

/** The registry's context for one app: one memory of the backup targets' answers per process. */
export function registryContext(context: AppContext, resolve: SelfResolve): RegistryContext {
  return {
    ...context,
    resolve,
    backups: {
      policy: { allowInsecure: context.config.backupAllowInsecureTargets },
      timeoutMs: context.config.webhookTimeoutMs,
      memory: heldCopyMemory(context.clock),
    },
  };
}

export const registryModule: AppModule<RegistryModuleOptions> = async (app, { registry }) => {
  await registryRoutes(app, registry);
};
