// Service endpoints: health (proves the store answers, and Redis when configured) and the running
// contract version.

import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { pingDatabase } from '../../db/client.ts';
import { loggableError } from '../../http/loggable-error.ts';
import { errorResponses } from '../../http/schemas.ts';
import { CONTRACT_VERSION } from '../../version.ts';

const Check = Type.Union([Type.Literal('ok'), Type.Literal('failed')]);

// `degraded`: the store answers but the Redis of the shared budgets does not. The node still serves
// (budgets fail open), so the answer stays 200 and a balancer keeps the instance; monitoring reads
// the body. Only an unreachable store takes the instance out (503).
const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('unavailable')]),
  checks: Type.Object({ store: Check, redis: Type.Optional(Check) }),
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
  { db, config, clock, budgetStoreReachable }: AppContext,
): Promise<void> {
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
    async (request, reply) => {
      const [store, redis] = await Promise.all([
        pingDatabase(db).then(
          () => 'ok' as const,
          (error: unknown) => {
            request.log.error({ err: loggableError(error) }, 'health check: store unreachable');
            return 'failed' as const;
          },
        ),
        budgetStoreReachable?.().then((up) => (up ? ('ok' as const) : ('failed' as const))),
      ]);
      const status = store === 'failed' ? 'unavailable' : redis === 'failed' ? 'degraded' : 'ok';
      return reply.code(store === 'failed' ? 503 : 200).send({
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
