// Service endpoints: health (proves the store answers) and the running contract version.

import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { pingDatabase } from '../../db/client.ts';
import { loggableError } from '../../http/loggable-error.ts';
import { errorResponses } from '../../http/schemas.ts';
import { CONTRACT_VERSION } from '../../version.ts';

const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  checks: Type.Object({ store: Type.Union([Type.Literal('ok'), Type.Literal('failed')]) }),
  time: Type.String(),
});

const VersionResponse = Type.Object({
  success: Type.Literal(true),
  contractVersion: Type.String(),
  apiMajor: Type.Integer(),
  build: Type.Object({ commit: Type.String(), time: Type.String() }),
  node: Type.String(),
});

export async function serviceRoutes(app: App, { db, config, clock }: AppContext): Promise<void> {
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
      try {
        await pingDatabase(db);
        return { status: 'ok' as const, checks: { store: 'ok' as const }, time: clock().toISOString() };
      } catch (error) {
        request.log.error({ err: loggableError(error) }, 'health check: store unreachable');
        return reply.code(503).send({
          status: 'unavailable' as const,
          checks: { store: 'failed' as const },
          time: clock().toISOString(),
        });
      }
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
