// OpenAPI 3.1 generated from the route schemas, at /api/v1/openapi.json, with a docs UI beside it.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ErrorBody, ResultBody } from '../core/schemas.ts';
import { CONTRACT_VERSION } from '../version.ts';
import { withFrameAncestors } from './security-headers.ts';

export async function registerOpenApi(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  app.addSchema(ErrorBody);
  app.addSchema(ResultBody);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'OpenDPP node',
        version: CONTRACT_VERSION,
        description:
          'Hosts EU Digital Product Passports (ESPR, Battery Regulation) for the economic operators that create them.',
      },
      servers: [{ url: publicBaseUrl }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'Workspace API key: odpp_dpp_token_<lookup id>_<secret>',
          },
          platformAdmin: { type: 'http', scheme: 'bearer', description: 'PLATFORM_ADMIN_TOKEN' },
          grantToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'Access grant token: dpp_li_<secret> or dpp_auth_<secret> (or ?grant=<token>)',
          },
          backupPartner: {
            type: 'http',
            scheme: 'bearer',
            description: 'Backup partner token: dpp_backup_<secret> (docs/backup.md)',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      // Routes declare their access policy once; the document's security section follows from it.
      const access = route.config?.access;
      if (access?.kind !== 'tenant' || !schema) return { schema, url };
      const security: Record<string, string[]>[] = access.grants
        ? [{ apiKey: [] }, { grantToken: [] }]
        : [{ apiKey: [] }];
      return { schema: { ...schema, security }, url };
    },
  });

  app.get(
    '/api/v1/openapi.json',
    { config: { access: { kind: 'public', budget: 'anonymous' } }, schema: { hide: true } },
    async () => app.swagger(),
  );

  await app.register(swaggerUi, {
    routePrefix: '/api/v1/docs',
    uiConfig: { url: '/api/v1/openapi.json', deepLinking: true },
    staticCSP: true,
    // The UI's own hook runs after the node's, so framing is refused here too (security-headers.ts).
    transformStaticCSP: withFrameAncestors,
  });
}
