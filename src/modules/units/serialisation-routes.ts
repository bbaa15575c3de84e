// Units under a passport: the dry run, serialisation and the list.
import type { App, AppContext } from '../../context.ts';
import { errorResponses, PagingQuery, readPaging, TENANT_ERRORS } from '../../core/schemas.ts';
import { localisedItems } from '../../http/language.ts';
import { sendJson } from '../../http/reply.ts';
import { actorOf } from '../../http/request-actor.ts';
import {
  ListUnitsResponse,
  PassportUnitsParams,
  SerialiseResponse,
  UnitsBody,
  ValidateResponse,
} from './schemas.ts';
import { listPassportUnits, serialiseUnits, unitRecord, validateUnits } from './service.ts';

const tags = ['Battery units'];

export async function passportUnitRoutes(app: App, services: AppContext): Promise<void> {
  serialisationRoutes(app, services);
  unitListRoutes(app, services);
}

/** The dry run of a serialisation, and the serialisation itself. */
function serialisationRoutes(app: App, services: AppContext): void {
  app.post(
    '/api/v1/passports/:passportId/units/validate',
    {
      config: { access: { kind: 'tenant', permission: 'battery:write' }, bodyRows: 'units' },
      schema: {
        tags,
        summary: 'Dry run of a serialisation: per-unit results in input order; nothing is stored',
        params: PassportUnitsParams,
        body: UnitsBody,
        response: { 200: ValidateResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return sendJson(
        reply,
        200,
        await validateUnits(services, actor, request.params.passportId, request.body, request.rowProblems),
      );
    },
  );

  app.post(
    '/api/v1/passports/:passportId/units',
    {
      config: { access: { kind: 'tenant', permission: 'battery:write' }, bodyRows: 'units' },
      schema: {
        tags,
        summary: 'Serialise 1–200 battery units under a type-level passport',
        params: PassportUnitsParams,
        body: UnitsBody,
        response: { 201: SerialiseResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const outcome = await serialiseUnits(
        services,
        actor,
        request.params.passportId,
        request.body,
        request.rowProblems,
      );
      const { created, errors, warnings } = outcome;
      if (created.length === 0) {
        return sendJson(reply, 400, { success: false, error: 'Serialisation Failed', errors });
      }
      const skipped = errors.length > 0 ? `; ${errors.length} skipped` : '';
      return sendJson(reply, 201, {
        success: true,
        message: `Serialised ${created.length} unit${created.length === 1 ? '' : 's'}${skipped}`,
        count: created.length,
        units: created.map((row) => unitRecord(services.baseUrl, row)),
        ...(errors.length > 0 ? { errors } : {}),
        ...(warnings.length > 0 ? { warnings: localisedItems(request, warnings) } : {}),
      });
    },
  );
}

/** The units of a passport, a page at a time. */
function unitListRoutes(app: App, services: AppContext): void {
  app.get(
    '/api/v1/passports/:passportId/units',
    {
      config: { access: { kind: 'tenant', permission: 'battery:read' } },
      schema: {
        tags,
        summary: 'The units of a passport, newest first',
        params: PassportUnitsParams,
        querystring: PagingQuery,
        response: { 200: ListUnitsResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const { page, limit } = readPaging(request.query);
      const { passport, units, total } = await listPassportUnits(
        services,
        actorOf(request),
        request.params.passportId,
        {
          page,
          limit,
        },
      );
      return sendJson(reply, 200, {
        success: true,
        count: units.length,
        productId: passport.productId,
        units,
        page,
        limit,
        total,
        totalPages: Math.ceil(total / limit),
      });
    },
  );
}
