// Traceability events (the spec's Traceability table): register one event, capture an EPCIS
// document, and the lineage of an event.
import type { App, AppContext } from '../../context.ts';
import { errorResponses, readInteger, TENANT_ERRORS } from '../../core/schemas.ts';
import { LINEAGE_LIMITS } from '../../domain/traceability/index.ts';
import { actorOf } from '../../http/request-actor.ts';
import {
  CaptureResponse,
  EpcisDocumentBody,
  EventBody,
  LineageParams,
  LineageQuery,
  LineageResponse,
} from './schemas.ts';
import * as traceability from './service.ts';

const read = { kind: 'tenant', permission: 'event:read' } as const;
const write = { kind: 'tenant', permission: 'event:write' } as const;
const tags = ['Traceability'];

export async function traceabilityRoutes(app: App, context: AppContext): Promise<void> {
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
