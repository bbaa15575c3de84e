// Passport endpoints: create, list, read, update, status, delete, bulk. Documents are serialised
// once, by JSON.stringify, so what a client reads is byte-for-byte what a version archives.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { can } from '../../core/actor.ts';
import { loggableError } from '../../core/loggable-error.ts';
import { errorResponses, mediaResponses, readPaging, TENANT_ERRORS } from '../../core/schemas.ts';
import type { AdvisoryItem } from '../../domain/categories/types.ts';
import { languageOf, localisedItems } from '../../http/language.ts';
import { JSON_TYPE, sendText } from '../../http/reply.ts';
import { chooseRepresentation } from '../../http/representations.ts';
import { actorOf } from '../../http/request-actor.ts';
import { bulkIngest } from './bulk.ts';
import { documentRenderer } from './documents.ts';
import {
  BulkBody,
  BulkResponse,
  ConfirmBody,
  CreateBodySchema,
  DraftPassportResponse,
  IdParams,
  ListQuery,
  ListResponse,
  OwnerPassportDocumentSchema,
  PassportResponse,
  StatusBody,
  UpdateBodySchema,
  WriteQuery,
} from './schemas.ts';
import * as passports from './service.ts';

const tags = ['Passports'];
const WRITE_ERRORS = [...TENANT_ERRORS, 409] as const;

function advisories(request: FastifyRequest, warnings: AdvisoryItem[], notices: AdvisoryItem[]) {
  return {
    ...(warnings.length > 0 ? { warnings: localisedItems(request, warnings) } : {}),
    ...(notices.length > 0 ? { notices: localisedItems(request, notices) } : {}),
  };
}

export async function passportRoutes(app: App, services: AppContext): Promise<void> {
  await createAndListRoutes(app, services);
  await readRoute(app, services);
  await changeRoutes(app, services);
  await bulkRoute(app, services);
  await confirmRoute(app, services);
}

/** Create a passport, and list them. */
async function createAndListRoutes(app: App, services: AppContext): Promise<void> {
  const { db, baseUrl } = services;
  const render = () => documentRenderer(db, baseUrl);

  app.post(
    '/api/v1/passports',
    {
      config: { access: { kind: 'tenant', permission: 'passport:create' } },
      schema: {
        tags,
        summary: 'Create (ingest) a passport',
        querystring: WriteQuery,
        body: CreateBodySchema,
        response: { 201: DraftPassportResponse, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const partial = request.query.partial === 'true';
      const { document, warnings, notices } = await passports.createPassport(
        services,
        actorOf(request),
        request.body,
        { partial },
      );
      const body = { success: true, passport: document, ...advisories(request, warnings, notices) };
      return sendText(reply, 201, JSON_TYPE, JSON.stringify(body));
    },
  );

  app.get(
    '/api/v1/passports',
    {
      config: { access: { kind: 'tenant', permission: 'passport:read' } },
      schema: {
        tags,
        summary: 'Paginated list of the workspace passports (JSON-LD documents)',
        querystring: ListQuery,
        response: { 200: ListResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { page, limit } = readPaging(request.query);
      const { category, status, q, operatorId } = request.query;
      const filter = { category, status, q, ...(operatorId ? { operatorId } : {}) };
      const { rows, total } = await passports.listPassports(services, actor, filter, page, limit);
      const renderer = render();
      const documents = await Promise.all(rows.map((row) => renderer(row)));
      const body = {
        success: true,
        count: rows.length,
        page,
        limit,
        total,
        totalPages: Math.ceil(total / limit),
      };
      return sendText(reply, 200, JSON_TYPE, JSON.stringify({ ...body, passports: documents }));
    },
  );
}

/** Read one passport, in the representation asked for. */
async function readRoute(app: App, services: AppContext): Promise<void> {
  app.get(
    '/api/v1/passports/:id',
    {
      config: { access: { kind: 'tenant', permission: 'passport:read' } },
      schema: {
        tags,
        summary:
          'One passport by UUID, productId or URL-encoded Digital Link URL, as its owner reads it: JSON-LD, AAS or HTML by Accept',
        params: IdParams,
        response: {
          200: mediaResponses(
            'The passport as its owner reads it',
            Object.fromEntries(
              services.representations.map((r) => [
                r.type,
                r.type.endsWith('ld+json') || r.type === 'application/json'
                  ? OwnerPassportDocumentSchema
                  : Type.Unknown(),
              ]),
            ),
          ),
          ...errorResponses(...TENANT_ERRORS, 406),
        },
      },
    },
    async (request, reply) => {
      const representation = chooseRepresentation(request, reply, services.representations, 'passport');
      const lang = languageOf(request);
      const body = await passports.readOwnerAnswer(
        services,
        actorOf(request),
        request.params.id,
        representation,
        lang,
        (error) => request.log.warn({ err: loggableError(error) }, 'a rendition could not be kept'),
      );
      if (representation.localised) reply.header('content-language', lang);
      return sendText(reply.headers(representation.headers ?? {}), 200, representation.contentType, body);
    },
  );
}

/** Update, move the status of, and delete a passport. */
async function changeRoutes(app: App, services: AppContext): Promise<void> {
  const { db, baseUrl } = services;
  const render = () => documentRenderer(db, baseUrl);

  app.put(
    '/api/v1/passports/:id',
    {
      config: { access: { kind: 'tenant', permission: 'passport:update' } },
      schema: {
        tags,
        summary: 'Update a passport; the replaced state is archived as a version',
        params: IdParams,
        querystring: WriteQuery,
        body: UpdateBodySchema,
        response: { 200: DraftPassportResponse, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const { document, warnings, notices } = await passports.updatePassport(
        services,
        actorOf(request),
        request.params.id,
        request.body,
        { partial: request.query.partial === 'true' },
      );
      const body = { success: true, passport: document, ...advisories(request, warnings, notices) };
      return sendText(reply, 200, JSON_TYPE, JSON.stringify(body));
    },
  );

  app.put(
    '/api/v1/passports/:id/status',
    {
      config: { access: { kind: 'tenant', permission: 'passport:update' } },
      schema: {
        tags,
        summary: 'Recall, decommission, reactivate or publish; archived with a reason naming the move',
        params: IdParams,
        body: StatusBody,
        response: { 200: PassportResponse, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { status, reason } = request.body;
      const row = await passports.changeStatus(services, actor, request.params.id, status, reason);
      return sendText(
        reply,
        200,
        JSON_TYPE,
        JSON.stringify({ success: true, passport: await render()(row) }),
      );
    },
  );

  app.delete(
    '/api/v1/passports/:id',
    {
      config: { access: { kind: 'tenant', permission: 'passport:delete' } },
      schema: {
        tags,
        summary: 'Delete a DRAFT passport permanently',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      await passports.deleteDraft(services, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** Bulk ingest. */
async function bulkRoute(app: App, services: AppContext): Promise<void> {
  app.post(
    '/api/v1/passports/bulk',
    {
      config: { access: { kind: 'tenant', permission: 'passport:create' }, bodyRows: 'passports' },
      schema: {
        tags,
        summary: 'Bulk ingest (upsert by productId) of 1–200 passports with per-row errors',
        body: BulkBody,
        response: { 201: BulkResponse, 200: BulkResponse, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const outcome = await bulkIngest(
        services,
        actor,
        request.body.passports,
        { canUpdate: can(actor, 'passport:update') },
        request.rowProblems,
      );
      const body = {
        success: outcome.errors.length === 0,
        count: outcome.written.length,
        passports: outcome.written,
        ...(outcome.errors.length > 0 ? { errors: outcome.errors } : {}),
      };
      // The bulk rule (docs/errors.md): 201 once any row was written, created or updated.
      return sendText(reply, outcome.written.length > 0 ? 201 : 200, JSON_TYPE, JSON.stringify(body));
    },
  );
}

/** Confirm the values taken from an example or copied, by part (docs/passports.md). */
async function confirmRoute(app: App, services: AppContext): Promise<void> {
  app.post(
    '/api/v1/passports/:id/confirmations',
    {
      config: { access: { kind: 'tenant', permission: 'passport:update' } },
      schema: {
        tags,
        summary: 'Confirm the unconfirmed values at or under the given paths, as they stand',
        params: IdParams,
        body: ConfirmBody,
        response: { 200: DraftPassportResponse, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const document = await passports.confirmValues(services, actorOf(request), id, request.body.paths);
      return sendText(reply, 200, JSON_TYPE, JSON.stringify({ success: true, passport: document }));
    },
  );
}
