// What a module hands buildApp: one Fastify plugin registering the module's routes, typed by the
// options it needs, so app.ts registers a list of them and casts nothing.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { App, AppContext } from './context.ts';

/** What every module needs: the store, clock, configuration and shared collaborators. */
export interface ModuleOptions {
  context: AppContext;
}

/**
 * A module's plugin. buildApp registers each in a scope of its own: a module's routes see the hooks,
 * parsers and error handler the node sets up before them, and nothing one module adds reaches another.
 */
export type AppModule<Options extends ModuleOptions = ModuleOptions> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  TypeBoxTypeProvider
>;

/** A module with its options, ready to be registered in the scope buildApp gives the modules. */
export type MountedModule = (scope: App) => Promise<unknown>;

export function mount<Options extends ModuleOptions>(
  module: AppModule<Options>,
  options: Options,
): MountedModule {
  return async (scope) => scope.register(module, options);
}
