// One unit: its view (JSON-LD or the localised page), the refusal to delete it, and its telemetry.
import type { App, AppContext } from '../../context.ts';
import { badRequest } from '../../core/errors.ts';
import { documentOrPage, errorResponses, readInteger, TENANT_ERRORS } from '../../core/schemas.ts';
import { PAGE_POLICY } from '../../core/views.ts';
import { checkEvent, type EventInput } from '../../domain/units/event-input.ts';
import { isPlainObject } from '../../domain/units/unit-input.ts';
import { languageOf } from '../../http/language.ts';
import { negotiate } from '../../http/negotiate.ts';
import { JSON_TYPE, LD_JSON, sendJson, sendText } from '../../http/reply.ts';
import { actorOf } from '../../http/request-actor.ts';
import { readIdempotencyKey } from './idempotency.ts';
import {
  BulkEventsBody,
  BulkEventsResponse,
  EventBody,
  EventListQuery,
  EventListResponse,
  EventResponse,
  IdempotencyHeaders,
  UnitParams,
  UnitViewSchema,
} from './schemas.ts';
import {
  type AppendResult,
  appendEvents,
  EVENT_PAGE,
  listEvents,
  refuseUnitDeletion,
  unitPage,
  unitView,
  unitViewText,
} from './service.ts';

const tags = ['Battery units'];
const WRITE_ERRORS = [...TENANT_ERRORS, 409] as const;
export const MAX_BULK_EVENTS = 1000;

function bulkInputs(body: unknown, now: Date): EventInput[] {
  if (!isPlainObject(body)) throw badRequest('Request body must be a valid JSON object');
  const events = body.events;
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_BULK_EVENTS) {
    throw badRequest(`events must be an array of 1 to ${MAX_BULK_EVENTS} events`);
  }
  return events.map((item, index) => {
    const checked = checkEvent(item, now);
    if (!checked.ok) throw badRequest(`events[${index}]: ${checked.message}`);
    return checked.event;
  });
}

/** An append's answer: the stored one again, marked as such, for a replayed Idempotency-Key. */
function sendAppend(reply: Parameters<typeof sendJson>[0], result: AppendResult) {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return sendText(reply, result.status, JSON_TYPE, result.body);
}

export async function unitRoutes(app: App, services: AppContext): Promise<void> {
  unitItemRoutes(app, services);
  eventAppendRoutes(app, services);
  eventListRoutes(app, services);
}

/** One unit: its view, and the refusal to delete it. */
function unitItemRoutes(app: App, services: AppContext): void {
  app.get(
    '/api/v1/units/:id',
    {
      config: { access: { kind: 'tenant', permission: 'battery:read' } },
      schema: {
        tags,
        summary: 'The unit in the privileged view: JSON-LD, or the localised page for Accept: text/html',
        params: UnitParams,
        response: {
          200: documentOrPage(UnitViewSchema, 'The unit view, or its localised page'),
          ...errorResponses(...TENANT_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const found = await unitView(services, actorOf(request), request.params.id);
      reply.header('vary', 'Accept, Accept-Language');
      const chosen = negotiate(request.headers.accept, [
        'application/ld+json',
        'application/json',
        'text/html',
      ]);
      if (chosen === 'text/html') {
        const lang = languageOf(request);
        reply.header('content-language', lang).header('content-security-policy', PAGE_POLICY);
        return sendText(reply, 200, 'text/html; charset=utf-8', unitPage(lang, found));
      }
      return sendText(reply, 200, LD_JSON, unitViewText(found));
    },
  );

  app.delete(
    '/api/v1/units/:id',
    {
      config: { access: { kind: 'tenant', permission: 'battery:write' } },
      schema: {
        tags,
        summary: 'Always 409: units end their life by status change',
        params: UnitParams,
        response: errorResponses(...WRITE_ERRORS),
      },
    },
    async (request) => refuseUnitDeletion(services, actorOf(request), request.params.id),
  );
}

/** A unit's telemetry appended: one event, or up to a thousand in one transaction. */
function eventAppendRoutes(app: App, services: AppContext): void {
  const { clock } = services;
  app.post(
    '/api/v1/units/:id/events',
    {
      config: { access: { kind: 'tenant', permission: 'battery:write' } },
      schema: {
        tags,
        summary: 'Append one telemetry event (optionally carrying a status change); honours Idempotency-Key',
        params: UnitParams,
        headers: IdempotencyHeaders,
        body: EventBody,
        response: { 201: EventResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request.headers['idempotency-key']);
      const checked = checkEvent(request.body, clock());
      if (!checked.ok) throw badRequest(checked.message);
      const result = await appendEvents(
        services,
        actorOf(request),
        request.params.id,
        [checked.event],
        key,
        (records) => ({
          status: 201,
          body: JSON.stringify({ success: true, message: 'Event recorded', event: records[0] }),
        }),
      );
      return sendAppend(reply, result);
    },
  );

  app.post(
    '/api/v1/units/:id/events/bulk',
    {
      config: { access: { kind: 'tenant', permission: 'battery:write' } },
      schema: {
        tags,
        summary: 'Append 1–1000 telemetry events in one transaction; honours Idempotency-Key',
        params: UnitParams,
        headers: IdempotencyHeaders,
        body: BulkEventsBody,
        response: { 201: BulkEventsResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request.headers['idempotency-key']);
      const inputs = bulkInputs(request.body, clock());
      const result = await appendEvents(
        services,
        actorOf(request),
        request.params.id,
        inputs,
        key,
        (records) => ({
          status: 201,
          body: JSON.stringify({ success: true, count: records.length, events: records }),
        }),
      );
      return sendAppend(reply, result);
    },
  );
}

/** A unit's telemetry history. */
function eventListRoutes(app: App, services: AppContext): void {
  app.get(
    '/api/v1/units/:id/events',
    {
      config: { access: { kind: 'tenant', permission: 'battery:read' } },
      schema: {
        tags,
        summary: 'Telemetry history, newest first by recordedAt, cursor-paginated',
        params: UnitParams,
        querystring: EventListQuery,
        response: { 200: EventListResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const limit = readInteger(request.query.limit, EVENT_PAGE.defaultLimit, 1, EVENT_PAGE.maxLimit);
      const page = await listEvents(
        services,
        actorOf(request),
        request.params.id,
        limit,
        request.query.cursor,
      );
      return sendJson(reply, 200, page);
    },
  );
}
