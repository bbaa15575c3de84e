// The EPCIS 2.0 query interface over the workspace's captured events: one page of events as an
// EPCISQueryDocument, and one event on its own. Events come back as they were captured (the raw
// event, with the @context it was captured under) plus the recordTime the standard has the
// repository set. Events registered in UNTP form are not EPCIS events and are not answered here.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { isUuid } from '../../domain/ids.ts';
import { encodePositionCursor } from '../../domain/paging/cursor.ts';
import { readEventQuery } from '../../domain/traceability/index.ts';
import * as store from './query-store.ts';

export const EPCIS_CONTEXT_URL = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';

type Json = Record<string, unknown>;

function answered(row: store.QueriedRow): Json {
  const stored = (typeof row.event === 'string' ? JSON.parse(row.event) : row.event) as { raw: Json };
  const recordTime = new Date(row.record_time).toISOString();
  // recordTime is the repository's: one the client sent is ignored, as EPCIS 2.0 section 7.4.1 says.
  return { ...stored.raw, recordTime };
}

export interface QueryPage {
  document: Json;
  /** The opaque token of the next page, when there is one. */
  nextPageToken?: string;
}

/** `GET /api/v1/events`: the page of the workspace's EPCIS events the query parameters ask for. */
export async function queryEvents(
  { db, clock }: ServiceContext,
  actor: Actor,
  params: Record<string, string | string[] | undefined>,
): Promise<QueryPage> {
  const reading = readEventQuery(params);
  if (!reading.ok) throw badRequest(reading.message);
  const { query } = reading;
  // One more than the page: whether it exists decides the next page, without a count.
  const rows = await store.pageEvents(db, actor.tenantId, query, query.perPage + 1);
  const page = rows.slice(0, query.perPage);
  const last = page.at(-1);
  const document: Json = {
    '@context': EPCIS_CONTEXT_URL,
    type: 'EPCISQueryDocument',
    schemaVersion: '2.0',
    creationDate: clock().toISOString(),
    epcisBody: {
      queryResults: { queryName: 'SimpleEventQuery', resultsBody: { eventList: page.map(answered) } },
    },
  };
  return rows.length > query.perPage && last
    ? { document, nextPageToken: encodePositionCursor({ atUs: last.event_us, id: last.id }) }
    : { document };
}

/** `GET /api/v1/events/{id}`: one EPCIS event of the workspace, by row id or eventID. */
export async function readEvent({ db }: ServiceContext, actor: Actor, reference: string): Promise<Json> {
  const row = await store.findEpcisEvent(db, actor.tenantId, reference, isUuid(reference));
  if (!row) throw notFound('Event not found');
  const event = answered(row);
  // On its own an event needs its context (the document's was copied onto it at capture).
  return event['@context'] === undefined ? { '@context': EPCIS_CONTEXT_URL, ...event } : event;
}
