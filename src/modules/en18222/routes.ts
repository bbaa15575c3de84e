// The EN 18222 Life Cycle API at `/v1/...`, exactly the operations of the contract's table. The
// `v1` segment is the standard's own version, independent of `/api/v1`. Authentication is the API
// key of every tenant route (owner tier); failures answer the clause 7.2 Result object (the error
// handler picks it for `/v1` paths), successes the passport document, an element of it, or an ids page.
import type { App, AppContext } from '../../context.ts';
import { LD_MEDIA, mediaResponse, readPaging, resultResponses } from '../../core/schemas.ts';
import type { Permission } from '../../domain/auth/permissions.ts';
import { JSON_TYPE, LD_JSON, sendText } from '../../http/reply.ts';
import { actorOf } from '../../http/request-actor.ts';
import { PassportBodySchema, PassportDocumentSchema } from '../passports/schemas.ts';
import {
  DateQuery,
  DppParams,
  ElementParams,
  ElementValue,
  PagingQuery,
  ProductIdParams,
  ProductIdsBody,
  ProductIdsResponse,
} from './schemas.ts';
import * as lifeCycle from './service.ts';

const tags = ['EN 18222 Life Cycle API'];
const READ_ERRORS = [400, 401, 402, 403, 404, 429, 500] as const;
const WRITE_ERRORS = [...READ_ERRORS, 409] as const;
const access = (permission: Permission) => ({ access: { kind: 'tenant' as const, permission } });
const documentAnswer = (description: string) => mediaResponse(LD_MEDIA, PassportDocumentSchema, description);
const elementAnswer = (description: string) => mediaResponse('application/json', ElementValue, description);
const sendDocument = (reply: Parameters<typeof sendText>[0], status: number, document: unknown) =>
  sendText(reply, status, LD_JSON, JSON.stringify(document));

export async function lifeCycleRoutes(app: App, services: AppContext): Promise<void> {
  dppRoutes(app, services);
  lookupRoutes(app, services);
  elementRoutes(app, services);
}

/** One DPP by its id: CreateDPP, ReadDPPById, UpdateDPPById, DeleteDPPById. */
function dppRoutes(app: App, services: AppContext): void {
  app.post(
    '/v1/dpps',
    {
      config: access('passport:create'),
      schema: {
        tags,
        summary: 'CreateDPP: create a passport (the body of POST /api/v1/passports)',
        body: PassportBodySchema,
        response: { 201: documentAnswer('The DPP as created'), ...resultResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const document = await lifeCycle.createDpp(services, actorOf(request), request.body);
      reply.header('location', `/v1/dpps/${encodeURIComponent(String(document.id))}`);
      return sendDocument(reply, 201, document);
    },
  );

  app.get(
    '/v1/dpps/:dppId',
    {
      config: access('passport:read'),
      schema: {
        tags,
        summary: 'ReadDPPById: the passport as its owner reads it',
        params: DppParams,
        response: { 200: documentAnswer('The DPP'), ...resultResponses(...READ_ERRORS) },
      },
    },
    async (request, reply) =>
      sendDocument(reply, 200, await lifeCycle.readDpp(services, actorOf(request), request.params.dppId)),
  );

  app.patch(
    '/v1/dpps/:dppId',
    {
      config: access('passport:update'),
      schema: {
        tags,
        summary: 'UpdateDPPById: RFC 7396 merge patch of the DPP, archived as a version',
        params: DppParams,
        response: { 200: documentAnswer('The DPP after the patch'), ...resultResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const { dppId } = request.params;
      const document = await lifeCycle.patchDpp(services, actorOf(request), dppId, request.body);
      return sendDocument(reply, 200, document);
    },
  );

  app.delete(
    '/v1/dpps/:dppId',
    {
      config: access('passport:delete'),
      schema: {
        tags,
        summary: 'DeleteDPPById: delete a DRAFT passport permanently (others answer 409)',
        params: DppParams,
        response: {
          204: { description: 'Deleted', type: 'null' as const },
          ...resultResponses(...WRITE_ERRORS),
        },
      },
    },
    async (request, reply) => {
      await lifeCycle.deleteDpp(services, actorOf(request), request.params.dppId);
      return reply.code(204).send(null);
    },
  );
}

/** DPPs found otherwise: ReadDPPByProductId, ReadDPPVersionByIdAndDate, ReadDPPIdsByProductIds. */
function lookupRoutes(app: App, services: AppContext): void {
  app.get(
    '/v1/dppsByProductId/:productId',
    {
      config: access('passport:read'),
      schema: {
        tags,
        summary: 'ReadDPPByProductId: the passport of a productId (GTIN in any length, GRAI or SKU)',
        params: ProductIdParams,
        response: { 200: documentAnswer('The DPP'), ...resultResponses(...READ_ERRORS) },
      },
    },
    async (request, reply) => {
      const { productId } = request.params;
      return sendDocument(
        reply,
        200,
        await lifeCycle.readDppByProductId(services, actorOf(request), productId),
      );
    },
  );

  app.get(
    '/v1/dppsByIdAndDate/:dppId',
    {
      config: access('passport:read'),
      schema: {
        tags,
        summary: 'ReadDPPVersionByIdAndDate: the version current at ?date=<ISO 8601>, from history',
        params: DppParams,
        querystring: DateQuery,
        response: { 200: documentAnswer('The DPP as it was then'), ...resultResponses(...READ_ERRORS) },
      },
    },
    async (request, reply) => {
      const { dppId } = request.params;
      const text = await lifeCycle.readDppAt(services, actorOf(request), dppId, request.query.date);
      return sendText(reply, 200, LD_JSON, text);
    },
  );

  app.post(
    '/v1/dppsByProductIds',
    {
      config: access('passport:read'),
      schema: {
        tags,
        summary: 'ReadDPPIdsByProductIds: DPP ids of up to 1000 productIds, in pages (limit, cursor)',
        body: ProductIdsBody,
        querystring: PagingQuery,
        response: { 200: ProductIdsResponse, ...resultResponses(...READ_ERRORS) },
      },
    },
    async (request, reply) => {
      const { limit } = readPaging(request.query);
      const { cursor } = request.query;
      const page = await lifeCycle.readDppIds(
        services,
        actorOf(request),
        request.body.productIds,
        limit,
        cursor,
      );
      return sendText(reply, 200, JSON_TYPE, JSON.stringify(page));
    },
  );
}

/** One data element of a DPP: ReadDataElement, UpdateDataElement. */
function elementRoutes(app: App, services: AppContext): void {
  app.get(
    '/v1/dpps/:dppId/elements/:elementIdPath',
    {
      config: access('passport:read'),
      schema: {
        tags,
        summary: 'ReadDataElement: one element of the DPP by its elementIdPath',
        params: ElementParams,
        response: { 200: elementAnswer('The element'), ...resultResponses(...READ_ERRORS) },
      },
    },
    async (request, reply) => {
      const { dppId, elementIdPath } = request.params;
      const value = await lifeCycle.readElement(services, actorOf(request), dppId, elementIdPath);
      return sendText(reply, 200, JSON_TYPE, JSON.stringify(value));
    },
  );

  app.patch(
    '/v1/dpps/:dppId/elements/:elementIdPath',
    {
      config: access('passport:update'),
      schema: {
        tags,
        summary: 'UpdateDataElement: RFC 7396 merge patch of one element, archived as a version',
        params: ElementParams,
        response: { 200: elementAnswer('The element as written'), ...resultResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const { dppId, elementIdPath } = request.params;
      const actor = actorOf(request);
      const value = await lifeCycle.patchElement(services, actor, dppId, elementIdPath, request.body);
      return sendText(reply, 200, JSON_TYPE, JSON.stringify(value));
    },
  );
}
