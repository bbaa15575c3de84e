// POST /api/v1/passports/{id}/seal: seal the passport's current content (docs/sealing.md).
import type { App, AppContext } from '../../context.ts';
import { errorResponses, TENANT_ERRORS } from '../../core/schemas.ts';
import { JSON_TYPE, sendText } from '../../http/reply.ts';
import { actorOf } from '../../http/request-actor.ts';
import { IdParams, PassportResponse } from '../passports/schemas.ts';
import { readOwnerDocument } from '../passports/service.ts';
import { sealPassportNow } from './service.ts';

const tags = ['Seals'];
const WRITE_ERRORS = [...TENANT_ERRORS, 409, 503] as const;

export async function sealingRoutes(app: App, services: AppContext): Promise<void> {
  app.post(
    '/api/v1/passports/:id/seal',
    {
      config: { access: { kind: 'tenant', permission: 'passport:seal' } },
      schema: {
        tags,
        summary: "Seal the passport's current content with the workspace's advanced electronic seal",
        params: IdParams,
        response: { 200: PassportResponse, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const sealed = await sealPassportNow(services, actor, request.params.id);
      const passport = await readOwnerDocument(services, actor, sealed.id);
      return sendText(reply, 200, JSON_TYPE, JSON.stringify({ success: true, passport }));
    },
  );
}
