// POST /api/v1/passports/aas/ingest: create or update a passport from an AAS JSON Environment. The
// route is static, so it never competes with `/api/v1/passports/:id` (which has no POST of its own).
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { errorResponses, TENANT_ERRORS } from '../../core/schemas.ts';
// The nesting an environment may have: the AAS validator's own limit (docs/aas.md, "Limits").
import { MAX_ENVIRONMENT_DEPTH } from '../../domain/aas/index.ts';
import { localisedItems } from '../../http/language.ts';
import { JSON_TYPE, sendText } from '../../http/reply.ts';
import { actorOf } from '../../http/request-actor.ts';
import { ingestEnvironment } from './aas-ingest.ts';
import { PassportResponse } from './schemas.ts';

const EnvironmentBody = Type.Object(
  {},
  {
    additionalProperties: true,
    description:
      'An AAS V3.0 JSON Environment carrying a passport (docs/aas.md). Bodies may nest up to ' +
      `${MAX_ENVIRONMENT_DEPTH} levels.`,
  },
);

export async function passportAasIngestRoutes(app: App, services: AppContext): Promise<void> {
  app.post(
    '/api/v1/passports/aas/ingest',
    {
      // passport:create or passport:update, decided by whether the productId exists (the service).
      config: { access: { kind: 'tenant' }, jsonDepth: MAX_ENVIRONMENT_DEPTH },
      schema: {
        tags: ['Passports'],
        summary: 'Create (201) or update by productId (200) a passport from an AAS JSON Environment',
        description:
          'Malformed environments and seals that do not verify answer 400 with `errors: [{ path, message }]` ' +
          '(JSON pointers into the environment); nothing is stored then.',
        body: EnvironmentBody,
        response: { 201: PassportResponse, 200: PassportResponse, ...errorResponses(...TENANT_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await ingestEnvironment(services, actorOf(request), request.body);
      const { document, warnings, notices } = outcome;
      const body = {
        success: true,
        passport: document,
        ...(warnings.length > 0 ? { warnings: localisedItems(request, warnings) } : {}),
        ...(notices.length > 0 ? { notices: localisedItems(request, notices) } : {}),
      };
      return sendText(reply, outcome.created ? 201 : 200, JSON_TYPE, JSON.stringify(body));
    },
  );
}
