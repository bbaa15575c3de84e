// Traceability events (the spec's Traceability table): register one event, capture an EPCIS
// document, query the captured EPCIS events (EPCIS 2.0 REST binding), read one, and the lineage of an
// event.
import type { App, AppContext } from '../../context.ts';
import { errorResponses, LD_MEDIA, mediaResponse, readInteger, TENANT_ERRORS } from '../../core/schemas.ts';
import { LINEAGE_LIMITS } from '../../domain/traceability/index.ts';
import { LD_JSON, sendText } from '../../http/reply.ts';
import { actorOf } from '../../http/request-actor.ts';
import { queryEvents, readEvent } from './query.ts';
import {
  CaptureResponse,
  EpcisDocumentBody,
  EpcisQueryDocument,
  EventBody,
  EventParams,
  EventQueryParams,
  LineageParams,
  LineageQuery,
  LineageResponse,
  StandaloneEpcisEvent,
} from './schemas.ts';
import * as traceability from './service.ts';

const read = { kind: 'tenant', permission: 'event:read' } as const;
// The EPCIS query is a supply-chain partner's read of the passports' events: a key narrowed to
// passport:read reads it too (docs/traceability.md).
const query = { kind: 'tenant', permission: 'event:read', orPermission: 'passport:read' } as const;
const write = { kind: 'tenant', permission: 'event:write' } as const;
const tags = ['Traceability'];
// The versions the EPCIS 2.0 REST binding has every answer name.
const EPCIS_VERSIONS = { 'gs1-epcis-version': '2.0.0', 'gs1-cbv-version': '2.0.0' };

/** The request's own URL with its page token replaced: the EPCIS 2.0 `Link: <…>; rel="next"`. */
function nextLink(baseUrl: string, url: string, token: string): string {
  const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  query.set('nextPageToken', token);
  return `<${baseUrl}/api/v1/events?${query.toString()}>; rel="next"`;
}

export async function traceabilityRoutes(app: App, context: AppContext): Promise<void> {
  captureRoutes(app, context);
  queryRoutes(app, context);
  lineageRoute(app, context);
}

/** Events registered one at a time (UNTP or EPCIS), or captured as an EPCIS document. */
function captureRoutes(app: App, context: AppContext): void {
  app.post(
    '/api/v1/events',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Register a UNTP or EPCIS 2.0 traceability event',
        body: EventBody,
        response: { 201: CaptureResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const events = await traceability.registerEvent(context, actorOf(request), request.body);
      return reply.code(201).send({ success: true, count: events.length, events });
    },
  );

  app.post(
    '/api/v1/events/epcis',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Capture a native EPCIS 2.0 document: all its events, or none',
        body: EpcisDocumentBody,
        response: { 201: CaptureResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const events = await traceability.captureEpcisDocument(context, actorOf(request), request.body);
      return reply.code(201).send({ success: true, count: events.length, events });
    },
  );
}

/** The EPCIS 2.0 query of the captured events, and one event read as captured. */
function queryRoutes(app: App, context: AppContext): void {
  app.get(
    '/api/v1/events',
    {
      config: { access: query },
      schema: {
        tags,
        summary: 'EPCIS 2.0 query: the captured EPCIS events that match, one page as an EPCISQueryDocument',
        querystring: EventQueryParams,
        response: {
          200: mediaResponse(
            LD_MEDIA,
            EpcisQueryDocument,
            'One page; a Link header with rel="next" names the next',
          ),
          ...errorResponses(...TENANT_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const page = await queryEvents(context, actorOf(request), request.query);
      reply.headers(EPCIS_VERSIONS);
      if (page.nextPageToken)
        reply.header('link', nextLink(context.baseUrl, request.url, page.nextPageToken));
      return sendText(reply, 200, LD_JSON, JSON.stringify(page.document));
    },
  );

  app.get(
    '/api/v1/events/:id',
    {
      config: { access: query },
      schema: {
        tags,
        summary: 'One captured EPCIS event, by record id or eventID, as captured',
        params: EventParams,
        response: {
          200: mediaResponse(LD_MEDIA, StandaloneEpcisEvent, 'The event, JSON-LD'),
          ...errorResponses(...TENANT_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const event = await readEvent(context, actorOf(request), request.params.id);
      reply.headers(EPCIS_VERSIONS);
      return sendText(reply, 200, LD_JSON, JSON.stringify(event));
    },
  );
}

/** The upstream pedigree of one event. */
function lineageRoute(app: App, context: AppContext): void {
  app.get(
    '/api/v1/events/:id/lineage',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'The upstream pedigree of an event as a DAG of events and products',
        params: LineageParams,
        querystring: LineageQuery,
        response: { 200: LineageResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => {
      const lineage = await traceability.eventLineage(context, actorOf(request), request.params.id, {
        maxDepth: readInteger(
          request.query.maxDepth,
          LINEAGE_LIMITS.defaultDepth,
          0,
          LINEAGE_LIMITS.maxDepth,
        ),
        maxNodes: readInteger(
          request.query.maxNodes,
          LINEAGE_LIMITS.defaultNodes,
          1,
          LINEAGE_LIMITS.maxNodes,
        ),
      });
      return { success: true as const, ...lineage };
    },
  );
}
