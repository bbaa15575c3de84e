// POST /api/v1/passports/labels: print-ready labels of passports and battery units as a streamed ZIP
// (see docs/carriers.md).
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { errorResponses, TENANT_ERRORS } from '../../core/schemas.ts';
import { labelArchive } from '../../domain/carriers/index.ts';
import { LABEL_FORMATS, MAX_MODULE_MM, MIN_MODULE_MM } from '../../domain/carriers/labels.ts';
import { ERROR_CORRECTIONS, SYMBOLOGIES } from '../../domain/carriers/options.ts';
import { sendArchive } from '../../http/carriers.ts';
import { localisedItems } from '../../http/language.ts';
import { actorOf } from '../../http/request-actor.ts';
import { MAX_LABELS, prepareLabels } from './service.ts';

const Reference = Type.String({ minLength: 1, maxLength: 2048 });
const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)));

export const LabelsBody = Type.Object(
  {
    passports: Type.Optional(
      Type.Array(Reference, { maxItems: MAX_LABELS, description: 'UUIDs, productIds or Digital Link URLs' }),
    ),
    units: Type.Optional(Type.Array(Reference, { maxItems: MAX_LABELS, description: 'battery unit UUIDs' })),
    formats: Type.Optional(
      Type.Array(literals(LABEL_FORMATS), { minItems: 1, description: 'default svg and pdf' }),
    ),
    symbologies: Type.Optional(
      Type.Array(literals(SYMBOLOGIES), { minItems: 1, description: 'default qr; batteries always get qr' }),
    ),
    errorCorrection: Type.Optional(literals(ERROR_CORRECTIONS)),
    moduleSizeMm: Type.Optional(
      Type.Number({
        minimum: MIN_MODULE_MM,
        maximum: MAX_MODULE_MM,
        description: 'module size, default 0.5',
      }),
    ),
  },
  { additionalProperties: false },
);

export async function passportLabelRoutes(app: App, services: AppContext): Promise<void> {
  app.post(
    '/api/v1/passports/labels',
    {
      config: { access: { kind: 'tenant', permission: 'passport:read' } },
      schema: {
        tags: ['Data carriers'],
        summary: `Print-ready labels (SVG, PDF) of up to ${MAX_LABELS} passports and units, with manifest.csv, as a ZIP`,
        body: LabelsBody,
        response: {
          200: {
            description: 'A ZIP: manifest.csv, warnings.json when a carrier was left out, then the labels',
            content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } },
          },
          ...errorResponses(...TENANT_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const { labels, options, warnings } = await prepareLabels(services, actorOf(request), request.body);
      const archive = labelArchive({
        labels,
        options,
        warnings: localisedItems(request, warnings),
        createdAt: services.clock(),
      });
      return sendArchive(reply, archive);
    },
  );
}
