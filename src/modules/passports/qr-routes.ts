// GET /api/v1/passports/{id}/qr: the passport's data carrier as PNG or SVG (see docs/carriers.md).
import type { App, AppContext } from '../../context.ts';
import { errorResponses, TENANT_ERRORS } from '../../core/schemas.ts';
import { CarrierImageResponse, CarrierQuery, carrierOptions, sendCarrier } from '../../http/carriers.ts';
import { actorOf } from '../../http/request-actor.ts';
import { passportCarrierSubject } from './carriers.ts';
import { IdParams } from './schemas.ts';

export async function passportQrRoutes(app: App, services: AppContext): Promise<void> {
  app.get(
    '/api/v1/passports/:id/qr',
    {
      config: { access: { kind: 'tenant', permission: 'passport:read' } },
      schema: {
        tags: ['Data carriers'],
        summary:
          'GS1 Digital Link QR code of a passport (PNG or SVG, 128 to 2048 px, GS1 quiet zone); GS1 DataMatrix with symbology=datamatrix',
        params: IdParams,
        querystring: CarrierQuery,
        response: { 200: CarrierImageResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const options = carrierOptions(request.query, request.headers.accept);
      const subject = await passportCarrierSubject(services, actorOf(request), request.params.id);
      return sendCarrier(request, reply, subject, options);
    },
  );
}
