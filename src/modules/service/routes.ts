// Service endpoints: health (proves the store answers and, on the embedded store, takes writes; and
// Redis when configured) and the running contract version.

import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { loggableError } from '../../core/loggable-error.ts';
import { errorResponses } from '../../core/schemas.ts';
import { CONTRACT_VERSION } from '../../version.ts';
import { storeHealth } from './store-health.ts';

const Check = Type.Union([Type.Literal('ok'), Type.Literal('failed')]);
const StoreCheck = Type.Union([Type.Literal('ok'), Type.Literal('down'), Type.Literal('read-only')]);

// `degraded`: the node serves, but not everything: the Redis of the shared budgets does not answer
// (budgets fail open), or the embedded store's disk refuses writes (reads still answer, writes 503).
// The answer stays 200 so a balancer keeps the instance for what it can do; monitoring reads the
// body. Only a store that cannot be reached takes the instance out (503, `store: down`).
const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('unavailable')]),
  checks: Type.Object({ store: StoreCheck, redis: Type.Optional(Check) }),
  time: Type.String(),
});

const VersionResponse = Type.Object({
  success: Type.Literal(true),
  contractVersion: Type.String(),
  apiMajor: Type.Integer(),
  build: Type.Object({ commit: Type.String(), time: Type.String() }),
  node: Type.String(),
});

export async function serviceRoutes(
  app: App,
  { db, config, clock, budgetStoreReachable, probeStoreWrite }: AppContext,
): Promise<void> {
  const storeState = storeHealth({
    db,
    probeWrite: probeStoreWrite,
    remote: config.databaseUrl !== undefined,
    onFailure: (error, state) => app.log.warn({ err: loggableError(error) }, `health check: store ${state}`),
  });
  app.get(
    '/health',
    {
      config: { access: { kind: 'public', budget: 'none' } },
      schema: {
        tags: ['Service'],
        summary: 'Health check',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const [store, redis] = await Promise.all([
        storeState(),
        budgetStoreReachable?.().then((up) => (up ? ('ok' as const) : ('failed' as const))),
      ]);
      const status =
        store === 'down' ? 'unavailable' : store === 'read-only' || redis === 'failed' ? 'degraded' : 'ok';
      return reply.code(store === 'down' ? 503 : 200).send({
        status,
        checks: { store, ...(redis ? { redis } : {}) },
        time: clock().toISOString(),
      });
    },
  );

  app.get(
    '/api/v1/version',
    {
      schema: {
        tags: ['Service'],
        summary: 'Running contract version and build identity',
        response: { 200: VersionResponse, ...errorResponses(429, 500) },
      },
    },
    async () => ({
      success: true as const,
      contractVersion: CONTRACT_VERSION,
      apiMajor: Number(CONTRACT_VERSION.split('.')[0]),
      build: { commit: config.buildCommit, time: config.buildTime },
      node: process.version,
    }),
  );
}
