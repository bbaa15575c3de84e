// GET /api/v1/units/{id}/qr: the battery unit's data carrier as PNG or SVG (see docs/carriers.md).
import type { App, AppContext } from '../../context.ts';
import { errorResponses, TENANT_ERRORS } from '../../core/schemas.ts';
import { CarrierImageResponse, CarrierQuery, carrierOptions, sendCarrier } from '../../http/carriers.ts';
import { actorOf } from '../../http/request-actor.ts';
import { unitCarrierSubject } from './carriers.ts';
import { UnitParams } from './schemas.ts';

export async function unitQrRoutes(app: App, services: AppContext): Promise<void> {
  app.get(
    '/api/v1/units/:id/qr',
    {
      config: { access: { kind: 'tenant', permission: 'battery:read' } },
      schema: {
        tags: ['Data carriers'],
        summary:
          'QR code of a battery unit: its GS1 Digital Link (01 + 21), or its node URL without a GTIN (PNG or SVG, 128 to 2048 px)',
        params: UnitParams,
        querystring: CarrierQuery,
        response: { 200: CarrierImageResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const options = carrierOptions(request.query, request.headers.accept);
      const subject = await unitCarrierSubject(services, actorOf(request), request.params.id);
      return sendCarrier(request, reply, subject, options);
    },
  );
}
