// Traceability events: registered one at a time (EPCIS 2.0 event or UNTP event/credential) or
// captured as an EPCIS 2.0 document, all of a request in one transaction or none; products linked to
// passports and units by GS1 key; and the upstream lineage of an event, walked within the workspace.
import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import {
  buildLineage,
  epcisFieldsOf,
  inputKeys,
  type Lineage,
  type NormalisedEvent,
  outputKeys,
  productKey,
  productsOf,
  type ValidationResult,
  validateEpcisDocument,
  validateTraceabilityEvent,
} from '../../domain/traceability/index.ts';
import { linkProducts, type ProductLink } from './links.ts';
import * as queryStore from './query-store.ts';
import * as store from './store.ts';

/** Events one request may carry. */
export const MAX_EVENTS_PER_REQUEST = 5_000;

export interface CapturedProduct {
  key: string;
  uri: string;
  passportId: string | null;
  unitId: string | null;
}

export interface CapturedEvent {
  /** The record's id on this node (the lineage route takes it, or the event id). */
  id: string;
  eventId: string;
  eventType: string;
  eventTime: string;
  /** False when the workspace already held this event (captured again): nothing was stored twice. */
  stored: boolean;
  errorDeclaration: boolean;
  products: CapturedProduct[];
}

function accepted(result: ValidationResult, what: string): NormalisedEvent[] {
  if (!result.ok) {
    throw badRequest(`The ${what} is invalid (${result.problems.length} problem(s))`, {
      extra: { problems: result.problems },
    });
  }
  if (result.events.length > MAX_EVENTS_PER_REQUEST) {
    throw badRequest(`At most ${MAX_EVENTS_PER_REQUEST} events are captured per request`);
  }
  return result.events;
}

const roleRows = (
  tenantId: string,
  eventRowId: string,
  event: NormalisedEvent,
  links: Map<string, ProductLink>,
) => {
  const outputs = new Set(outputKeys(event));
  const inputs = new Set(inputKeys(event));
  return productsOf(event).flatMap((ref) => {
    const key = productKey(ref);
    const link = links.get(key);
    const roles = [...(outputs.has(key) ? ['output'] : []), ...(inputs.has(key) ? ['input'] : [])];
    return (roles.length > 0 ? roles : ['other']).map((role) => ({
      tenantId,
      eventRowId,
      productKey: key,
      role,
      passportId: link?.passportId ?? null,
      unitId: link?.unitId ?? null,
    }));
  });
};

async function storeEvents(
  { db }: ServiceContext,
  actor: Actor,
  events: NormalisedEvent[],
): Promise<CapturedEvent[]> {
  const { tenantId } = actor;
  return db.transaction(async (tx) => {
    const links = await linkProducts(tx, tenantId, events.flatMap(productsOf));
    const rows = events.map((event) => ({
      tenantId,
      id: randomUUID(),
      eventId: event.eventId,
      eventType: event.eventType,
      eventTime: new Date(event.eventTime),
      source: event.source,
      isDeclaration: event.errorDeclaration !== undefined,
      bizStep: event.bizStep ?? null,
      disposition: event.disposition ?? null,
      bizLocation: event.bizLocation ?? null,
      event,
    }));
    const inserted = await store.insertEvents(tx, rows);
    await store.insertProducts(
      tx,
      rows
        .filter((row) => inserted.has(row.id))
        .flatMap((row) => roleRows(tenantId, row.id, row.event, links)),
    );
    await queryStore.insertEpcs(
      tx,
      rows
        .filter((row) => inserted.has(row.id) && row.source === 'epcis')
        .flatMap((row) =>
          epcisFieldsOf(row.event.raw).map((epc) => ({ tenantId, eventRowId: row.id, ...epc })),
        ),
    );
    const earlier = new Map(
      (
        await store.findStored(
          tx,
          tenantId,
          rows.filter((row) => !inserted.has(row.id)).map((row) => row.eventId),
        )
      ).map((row) => [`${row.event_id}\n${row.is_declaration}`, row.id]),
    );
    return rows.map((row) => ({
      id: inserted.has(row.id) ? row.id : (earlier.get(`${row.eventId}\n${row.isDeclaration}`) ?? row.id),
      eventId: row.eventId,
      eventType: row.eventType,
      eventTime: row.event.eventTime,
      stored: inserted.has(row.id),
      errorDeclaration: row.isDeclaration,
      products: productsOf(row.event).map((ref) => {
        const key = productKey(ref);
        const link = links.get(key);
        return { key, uri: ref.uri, passportId: link?.passportId ?? null, unitId: link?.unitId ?? null };
      }),
    }));
  });
}

/** `POST /api/v1/events`: one EPCIS 2.0 event, or a UNTP event or credential (its events together). */
export async function registerEvent(context: ServiceContext, actor: Actor, body: unknown) {
  return storeEvents(context, actor, accepted(validateTraceabilityEvent(body), 'event'));
}

/** `POST /api/v1/events/epcis`: an EPCIS 2.0 document, all its events or none. */
export async function captureEpcisDocument(context: ServiceContext, actor: Actor, body: unknown) {
  return storeEvents(context, actor, accepted(validateEpcisDocument(body), 'EPCIS document'));
}

export type LineageAnswer = Omit<Lineage, 'nodes'> & {
  nodes: (Lineage['nodes'][number] & { passportId?: string; unitId?: string })[];
};

/** The upstream pedigree of one event of the workspace, products linked to passports and units. */
export async function eventLineage(
  { db }: ServiceContext,
  actor: Actor,
  reference: string,
  bounds: { maxDepth?: number; maxNodes?: number },
): Promise<LineageAnswer> {
  const row = await store.findEvent(db, actor.tenantId, reference);
  if (!row) throw notFound('Event not found');
  const start = (typeof row.event === 'string' ? JSON.parse(row.event) : row.event) as NormalisedEvent;
  const lineage = await buildLineage(start, {
    eventsProducing: (keys) => store.eventsProducing(db, actor.tenantId, keys),
    ...bounds,
  });
  const keys = lineage.nodes.flatMap((node) => (node.kind === 'product' ? [node.key] : []));
  const links = new Map(
    (await store.linksOf(db, actor.tenantId, keys)).map((link) => [link.product_key, link]),
  );
  return {
    ...lineage,
    nodes: lineage.nodes.map((node) => {
      const link = node.kind === 'product' ? links.get(node.key) : undefined;
      if (!link) return node;
      return {
        ...node,
        ...(link.passport_id ? { passportId: link.passport_id } : {}),
        ...(link.unit_id ? { unitId: link.unit_id } : {}),
      };
    }),
  };
}
