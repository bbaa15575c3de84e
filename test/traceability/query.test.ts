// The EPCIS 2.0 query over the API: each parameter narrows the answer, bad parameters are refused by
// name, pages chain through the Link header and stay whole while events arrive, one event is read
// by record id or eventID, and another workspace's events are never seen.
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  aggregationEvent,
  epcisDocument,
  objectEvent,
  sgtin,
  transformationEvent,
} from '../../src/domain/traceability/samples.ts';
import { apiCall, BASE_URL, bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

type Json = Record<string, unknown>;

const id = (n: number) => `urn:uuid:7a000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (hour: number) => `2024-05-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
const LOCATION = 'urn:epc:id:sgln:4012345.00002.0';

// Six events, one hour apart, each reachable by one filter the others miss.
const EVENTS: Json[] = [
  objectEvent({ eventID: id(1), eventTime: at(1), eventTimeZoneOffset: '+00:00' }),
  objectEvent({
    eventID: id(2),
    eventTime: at(2),
    eventTimeZoneOffset: '+00:00',
    action: 'OBSERVE',
    bizStep: 'https://ref.gs1.org/cbv/BizStep-shipping',
    disposition: 'in_transit',
    epcList: [sgtin('011111', 2002)],
    bizLocation: { id: LOCATION },
  }),
  aggregationEvent({ eventID: id(3), eventTime: at(3), eventTimeZoneOffset: '+00:00' }),
  transformationEvent({ eventID: id(4), eventTime: at(4), eventTimeZoneOffset: '+00:00' }),
  objectEvent({
    eventID: id(5),
    eventTime: at(5),
    eventTimeZoneOffset: '+00:00',
    action: 'OBSERVE',
    bizStep: 'receiving',
    disposition: 'https://ref.gs1.org/cbv/Disp-in_progress',
    epcList: ['https://id.gs1.org/01/04012345111118/21/5005'],
  }),
  objectEvent({
    eventID: id(6),
    eventTime: at(6),
    eventTimeZoneOffset: '+00:00',
    bizStep: 'commissioning',
    epcList: ['urn:epc:id:giai:4012345.TOOL6'],
  }),
];

describe('EPCIS 2.0 query (GET /api/v1/events)', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;

  const get = (url: string, ws = workspace) => app.inject({ method: 'GET', url, headers: bearer(ws.token) });
  const eventsOf = (response: LightMyRequestResponse): Json[] =>
    response.json().epcisBody.queryResults.resultsBody.eventList;
  const idsFor = async (query: string) => {
    const response = await get(`/api/v1/events?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return eventsOf(response).map((event) => event.eventID);
  };
  const capture = async (events: Json[], ws = workspace) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/events/epcis',
      headers: bearer(ws.token),
      payload: epcisDocument(events),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().events as { id: string; eventId: string }[];
  };

  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await capture(EVENTS);
  });

  it('answers an EPCISQueryDocument in JSON-LD, oldest eventTime first, with recordTime set', async () => {
    const response = await get('/api/v1/events');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/ld+json');
    expect(response.headers['gs1-epcis-version']).toBe('2.0.0');
    expect(response.headers.link).toBeUndefined();
    const body = response.json();
    expect(body).toMatchObject({
      type: 'EPCISQueryDocument',
      schemaVersion: '2.0',
      epcisBody: { queryResults: { queryName: 'SimpleEventQuery' } },
    });
    const events = eventsOf(response);
    expect(events.map((event) => event.eventID)).toEqual(EVENTS.map((event) => event.eventID));
    for (const event of events) expect(Number.isNaN(Date.parse(String(event.recordTime)))).toBe(false);
  });

  it.each([
    ['eventType=AggregationEvent', [3]],
    ['eventType=AggregationEvent|TransformationEvent', [3, 4]],
    ['eventType=AggregationEvent,TransformationEvent', [3, 4]],
    ['eventType=AssociationEvent', []],
    [`GE_eventTime=${at(2)}&LT_eventTime=${at(4)}`, [2, 3]],
    ['GE_eventTime=2024-05-01T06:00:00%2B01:00', [5, 6]],
    ['EQ_bizStep=shipping', [2]],
    ['EQ_bizStep=https%3A%2F%2Fref.gs1.org%2Fcbv%2FBizStep-receiving', [5]],
    ['EQ_bizStep=https%3A%2F%2Fgs1.org%2Fvoc%2FBizStep-shipping|receiving', [2, 5]],
    ['EQ_disposition=in_progress', [5]],
    ['EQ_disposition=https%3A%2F%2Fref.gs1.org%2Fcbv%2FDisp-in_transit', [2]],
    [`EQ_bizLocation=${encodeURIComponent(LOCATION)}`, [2]],
    [`MATCH_epc=${sgtin('011111', 2002)}`, [2]],
    // An EPC URI and its Digital Link name one object, whichever form the event wrote.
    [`MATCH_epc=${sgtin('011111', 5005)}`, [5]],
    ['MATCH_epc=https%3A%2F%2Fid.gs1.org%2F01%2F04012345111118%2F21%2F2002', [2]],
    [`MATCH_epc=${sgtin('011111', 2002)}|urn:epc:id:giai:4012345.TOOL6`, [2, 6]],
    [`MATCH_epc=${sgtin('011111', 2002)},urn:epc:id:giai:4012345.TOOL6`, [2, 6]],
    // childEPCs count as EPCs; the parent does not.
    [`MATCH_epc=${sgtin('011111', 1002)}`, [3]],
    ['MATCH_epc=urn:epc:id:sscc:4012345.0000000001', []],
    ['MATCH_parentID=urn:epc:id:sscc:4012345.0000000001', [3]],
    [`MATCH_inputEPC=${sgtin('011111', 1001)}`, [4]],
    [`MATCH_outputEPC=${sgtin('033333', 1)}`, [4]],
    [`MATCH_outputEPC=${sgtin('011111', 1001)}`, []],
    [`MATCH_anyEPC=${sgtin('011111', 1001)}`, [1, 3, 4]],
    ['MATCH_anyEPC=urn:epc:id:sscc:4012345.0000000001', [3]],
    ['MATCH_epc=urn:epc:idpat:sgtin:4012345.011111.*', [1, 2, 3, 5]],
    ['MATCH_anyEPC=urn:epc:idpat:sgtin:4012345.*.*', [1, 2, 3, 4]],
    ['MATCH_epc=urn:epc:idpat:giai:4012345.*', [6]],
    [`eventType=ObjectEvent&EQ_bizStep=commissioning&MATCH_epc=${sgtin('011111', 1001)}`, [1]],
  ])('%s', async (query, expected) => {
    expect(await idsFor(query)).toEqual(expected.map(id));
  });

  it.each([
    ['foo=bar', 'foo'],
    ['eventType=ObjectEvent&EQ_action=ADD', 'EQ_action'],
    ['GE_eventTime=yesterday', 'GE_eventTime'],
    ['LT_eventTime=2024-05-01T10:00:00', 'LT_eventTime'],
    ['GE_eventTime=2024-05-01T00:00:00Z&GE_eventTime=2024-05-02T00:00:00Z', 'GE_eventTime'],
    ['perPage=0', 'perPage'],
    ['perPage=ten', 'perPage'],
    ['nextPageToken=not-ours', 'nextPageToken'],
    ['MATCH_epc=', 'MATCH_epc'],
  ])('refuses %s with 400 naming %s', async (query, name) => {
    const response = await get(`/api/v1/events?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'Bad Request', code: 'BAD_REQUEST' });
    expect(response.json().message).toContain(`'${name}'`);
  });

  it('pages through a Link header, each event exactly once, while events are being captured', async () => {
    const ws = await createWorkspace(app);
    const first = Array.from({ length: 23 }, (_, n) =>
      objectEvent({
        eventID: id(100 + n),
        // Several events share an instant, so the page boundary falls inside a tie.
        eventTime: at(1 + Math.floor(n / 3)),
        eventTimeZoneOffset: '+00:00',
      }),
    );
    await capture(first, ws);
    const seen: string[] = [];
    let url: string | undefined = '/api/v1/events?perPage=4&eventType=ObjectEvent';
    let pages = 0;
    while (url) {
      const response = await get(url, ws);
      expect(response.statusCode, response.body).toBe(200);
      const events = eventsOf(response);
      expect(events.length).toBeLessThanOrEqual(4);
      seen.push(...events.map((event) => String(event.eventID)));
      pages++;
      if (pages === 2) {
        // Captured between two pages: one before the position reached, one after it.
        await capture(
          [
            objectEvent({ eventID: id(200), eventTime: at(0), eventTimeZoneOffset: '+00:00' }),
            objectEvent({ eventID: id(201), eventTime: at(20), eventTimeZoneOffset: '+00:00' }),
          ],
          ws,
        );
      }
      const link = response.headers.link;
      if (link === undefined) {
        url = undefined;
      } else {
        const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
        expect(match).not.toBeNull();
        const next = new URL(String(match?.[1]));
        expect(next.origin).toBe(BASE_URL);
        expect(next.searchParams.get('eventType')).toBe('ObjectEvent');
        expect(next.searchParams.get('perPage')).toBe('4');
        url = `${next.pathname}${next.search}`;
      }
      expect(pages).toBeLessThan(20);
    }
    const expected = first.map((event) => String(event.eventID));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((eventId) => expected.includes(eventId)).sort()).toEqual([...expected].sort());
    // The one captured ahead of the position is met further on; the one behind it is not.
    expect(seen).toContain(id(201));
    expect(seen).not.toContain(id(200));
  });

  it('clamps perPage above the largest page', async () => {
    const response = await get('/api/v1/events?perPage=100000');
    expect(response.statusCode).toBe(200);
    expect(eventsOf(response)).toHaveLength(EVENTS.length);
  });

  it('reads one event by record id or eventID, as captured plus recordTime', async () => {
    const ws = await createWorkspace(app);
    const event = transformationEvent({ eventID: id(300) });
    const [stored] = await capture([event], ws);
    for (const reference of [stored?.id, encodeURIComponent(id(300))]) {
      const response = await get(`/api/v1/events/${reference}`, ws);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('application/ld+json');
      const { recordTime, '@context': context, ...rest } = response.json();
      expect(Number.isNaN(Date.parse(recordTime))).toBe(false);
      expect(context).toEqual(epcisDocument([])['@context']);
      expect(rest).toEqual(event);
    }
  });

  it('reads an event posted alone without @context with the EPCIS context', async () => {
    const ws = await createWorkspace(app);
    const event = objectEvent({ eventID: id(301) });
    const posted = await app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer(ws.token),
      payload: event,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const response = await get(`/api/v1/events/${encodeURIComponent(id(301))}`, ws);
    expect(response.statusCode, response.body).toBe(200);
    const { recordTime: _, ...rest } = response.json();
    expect(rest).toEqual({
      '@context': 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
      ...event,
    });
  });

  it('answers 404 for an unknown event, and for an event registered in UNTP form', async () => {
    const ws = await createWorkspace(app);
    const untp = {
      type: ['ObjectEvent', 'Event'],
      id: 'https://events.example.com/untp/1',
      eventTime: '2024-05-01T10:00:00Z',
      action: 'observe',
      epcList: [{ id: 'https://id.gs1.org/01/04012345111118/21/9', name: 'module' }],
    };
    const posted = await app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer(ws.token),
      payload: untp,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    for (const reference of [
      posted.json().events[0].id,
      encodeURIComponent(untp.id),
      encodeURIComponent(id(999)),
      '00000000-0000-4000-8000-000000000000',
    ]) {
      expect((await get(`/api/v1/events/${reference}`, ws)).statusCode).toBe(404);
    }
    expect(eventsOf(await get('/api/v1/events', ws))).toEqual([]);
  });

  it("never shows another workspace's events", async () => {
    const other = await createWorkspace(app);
    expect(eventsOf(await get('/api/v1/events', other))).toEqual([]);
    expect(eventsOf(await get(`/api/v1/events?MATCH_anyEPC=${sgtin('011111', 1001)}`, other))).toEqual([]);
    const [mine] = await capture([objectEvent({ eventID: id(400) })]);
    expect((await get(`/api/v1/events/${mine?.id}`, other)).statusCode).toBe(404);
    expect((await get(`/api/v1/events/${encodeURIComponent(id(400))}`, other)).statusCode).toBe(404);
    // The same eventID captured by the other workspace is its own, read back as its own.
    const [theirs] = await capture([objectEvent({ eventID: id(400), bizStep: 'inspecting' })], other);
    expect(theirs?.id).not.toBe(mine?.id);
    const read = await get(`/api/v1/events/${encodeURIComponent(id(400))}`, other);
    expect(read.json().bizStep).toBe('inspecting');
  });

  it('opens to a key narrowed to passport:read or to event:read, and names both to a key with neither', async () => {
    const [event] = await capture([objectEvent({ eventID: id(500) })]);
    for (const permissions of [['passport:read'], ['event:read']]) {
      const { token } = await createKey(app, workspace, { role: 'ADMIN', permissions });
      expect((await apiCall(app, token, 'GET', '/api/v1/events')).statusCode).toBe(200);
      expect((await apiCall(app, token, 'GET', `/api/v1/events/${event?.id}`)).statusCode).toBe(200);
    }
    const { token } = await createKey(app, workspace, { role: 'ADMIN', permissions: ['battery:read'] });
    const refused = await apiCall(app, token, 'GET', '/api/v1/events');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('event:read or passport:read');
  });
});
