// Traceability over the API: capture (atomic, idempotent, problems with paths), single events (EPCIS
// and UNTP), products linked to passports and units, and the lineage across a transformation
// (cells → module → pack), cycle-safe, bounded and per workspace.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  batteryChain,
  epcisDocument,
  objectEvent,
  sgtin,
  transformationEvent,
} from '../../src/domain/traceability/samples.ts';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { createUnit } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const PACK_EVENT = 'urn:uuid:00000000-0000-4000-8000-000000000004';

describe('traceability events', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;

  const post = (url: string, payload: unknown, ws = workspace) =>
    app.inject({
      method: 'POST',
      url,
      headers: bearer(ws.token),
      payload: payload as Record<string, unknown>,
    });
  const lineage = (id: string, query = '', ws = workspace) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/events/${encodeURIComponent(id)}/lineage${query}`,
      headers: bearer(ws.token),
    });

  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
  });

  it('captures a document and reconstructs the lineage cells → modules → pack exactly', async () => {
    const { events, cells, modules, pack } = batteryChain();
    const captured = await post('/api/v1/events/epcis', epcisDocument(events));
    expect(captured.statusCode, captured.body).toBe(201);
    expect(captured.json()).toMatchObject({ success: true, count: 4 });
    expect(captured.json().events.every((event: { stored: boolean }) => event.stored)).toBe(true);

    const answer = await lineage(PACK_EVENT);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.root).toBe(`event:${PACK_EVENT}`);
    expect(body.truncated).toBe(false);
    const eventNodes = body.nodes.filter((node: { kind: string }) => node.kind === 'event');
    expect(eventNodes.map((node: { eventId: string; depth: number }) => [node.eventId, node.depth])).toEqual([
      [PACK_EVENT, 0],
      ['urn:uuid:00000000-0000-4000-8000-000000000002', 1],
      ['urn:uuid:00000000-0000-4000-8000-000000000003', 1],
      ['urn:uuid:00000000-0000-4000-8000-000000000001', 2],
    ]);
    const productKeys = body.nodes
      .filter((node: { kind: string }) => node.kind === 'product')
      .map((node: { key: string }) => node.key)
      .sort();
    const cellKeys = cells.map((_, index) => `gtin:04012345700015:ser:C${index + 1}`);
    expect(productKeys).toEqual(
      [
        'gtin:04012345700039:ser:P1',
        'gtin:04012345700022:ser:M1',
        'gtin:04012345700022:ser:M2',
        ...cellKeys,
      ].sort(),
    );
    expect(modules).toHaveLength(2);
    expect(pack).toContain('/21/P1');
    const edges = body.edges
      .map(
        (edge: { from: string; to: string; relation: string }) => `${edge.from} ${edge.relation} ${edge.to}`,
      )
      .sort();
    const e = (n: number) => `event:urn:uuid:00000000-0000-4000-8000-00000000000${n}`;
    const p = (key: string) => `product:${key}`;
    expect(edges).toEqual(
      [
        `${e(4)} output ${p('gtin:04012345700039:ser:P1')}`,
        `${p('gtin:04012345700022:ser:M1')} input ${e(4)}`,
        `${p('gtin:04012345700022:ser:M2')} input ${e(4)}`,
        `${e(2)} output ${p('gtin:04012345700022:ser:M1')}`,
        `${e(3)} output ${p('gtin:04012345700022:ser:M2')}`,
        ...cellKeys.slice(0, 3).map((key) => `${p(key)} input ${e(2)}`),
        ...cellKeys.slice(3).map((key) => `${p(key)} input ${e(3)}`),
        ...cellKeys.map((key) => `${e(1)} output ${p(key)}`),
      ].sort(),
    );
    // The record id works as well as the event id.
    const recordId = captured.json().events[3].id;
    expect((await lineage(recordId)).json().nodes).toEqual(body.nodes);
  });

  it('stores an event captured twice once, and answers the record it already had', async () => {
    const ws = await createWorkspace(app);
    const doc = epcisDocument([objectEvent({ eventID: 'urn:uuid:11111111-0000-4000-8000-000000000001' })]);
    const first = (await post('/api/v1/events/epcis', doc, ws)).json().events[0];
    const again = await post('/api/v1/events/epcis', doc, ws);
    expect(again.statusCode).toBe(201);
    expect(again.json().events[0]).toMatchObject({ id: first.id, stored: false });
  });

  it('refuses a document with a bad event as a whole, with the path of each problem', async () => {
    const ws = await createWorkspace(app);
    const good = objectEvent({ eventID: 'urn:uuid:22222222-0000-4000-8000-000000000001' });
    const bad = objectEvent({ eventID: 'urn:uuid:22222222-0000-4000-8000-000000000002', action: 'MAKE' });
    delete (bad as Record<string, unknown>).eventTime;
    const response = await post('/api/v1/events/epcis', epcisDocument([good, bad]), ws);
    expect(response.statusCode).toBe(400);
    const paths = response.json().problems.map((problem: { path: string }) => problem.path);
    expect(paths).toContain('/epcisBody/eventList/1/eventTime');
    expect(paths).toContain('/epcisBody/eventList/1/action');
    expect(response.json()).toMatchObject({ success: false, error: 'Bad Request' });
    // Nothing of it was stored.
    expect((await lineage('urn:uuid:22222222-0000-4000-8000-000000000001', '', ws)).statusCode).toBe(404);
    for (const body of ['not a document', [], null, { type: 'EPCISDocument' }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/events/epcis',
        headers: { ...bearer(ws.token), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('registers a single EPCIS event and a UNTP credential', async () => {
    const ws = await createWorkspace(app);
    const single = await post(
      '/api/v1/events',
      objectEvent({ eventID: 'urn:uuid:33333333-0000-4000-8000-000000000001' }),
      ws,
    );
    expect(single.statusCode, single.body).toBe(201);
    expect(single.json().events[0]).toMatchObject({ eventType: 'ObjectEvent', stored: true });
    const untp = await post(
      '/api/v1/events',
      {
        type: ['VerifiableCredential', 'DigitalTraceabilityEvent'],
        credentialSubject: [
          {
            id: 'urn:uuid:33333333-0000-4000-8000-000000000002',
            type: ['TransformationEvent', 'Event'],
            eventTime: '2024-05-01T10:00:00Z',
            inputEPCList: [{ id: sgtin('070001', 'X1'), name: 'cell' }],
            outputEPCList: [{ id: 'https://id.example.com/01/04012345700022/21/MX', name: 'module' }],
          },
        ],
      },
      ws,
    );
    expect(untp.statusCode, untp.body).toBe(201);
    expect(untp.json().events[0]).toMatchObject({
      eventType: 'TransformationEvent',
      eventId: 'urn:uuid:33333333-0000-4000-8000-000000000002',
    });
    const refused = await post('/api/v1/events', { type: 'ObjectEvent', action: 'ADD' }, ws);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().problems.map((problem: { path: string }) => problem.path)).toContain('/eventTime');
  });

  it('links products to passports and units by GS1 key', async () => {
    const ws = await createWorkspace(app);
    await createOperator(app, ws);
    const modulePassport = await createPassport(app, ws.token, { productId: '04012345700022' });
    const unit = await createUnit(app, ws.token, modulePassport.id, { serialNumber: 'M1' });
    const { events } = batteryChain();
    const captured = await post('/api/v1/events/epcis', epcisDocument(events), ws);
    expect(captured.statusCode).toBe(201);
    const packEvent = captured.json().events[3];
    const m1 = packEvent.products.find(
      (product: { key: string }) => product.key === 'gtin:04012345700022:ser:M1',
    );
    expect(m1).toMatchObject({ passportId: modulePassport.id, unitId: unit.id });
    const m2 = packEvent.products.find(
      (product: { key: string }) => product.key === 'gtin:04012345700022:ser:M2',
    );
    expect(m2).toMatchObject({ passportId: modulePassport.id, unitId: null });
    const nodes = (await lineage(PACK_EVENT, '', ws)).json().nodes;
    expect(nodes.find((node: { key?: string }) => node.key === 'gtin:04012345700022:ser:M1')).toMatchObject({
      passportId: modulePassport.id,
      unitId: unit.id,
    });
  });

  it('keeps lineage within the workspace', async () => {
    const mine = await createWorkspace(app);
    const theirs = await createWorkspace(app);
    const { events } = batteryChain();
    // Another workspace holds the module events; this one only the pack event.
    await post('/api/v1/events/epcis', epcisDocument(events.slice(0, 3)), theirs);
    await post('/api/v1/events/epcis', epcisDocument(events.slice(3)), mine);
    const body = (await lineage(PACK_EVENT, '', mine)).json();
    expect(body.nodes.filter((node: { kind: string }) => node.kind === 'event')).toHaveLength(1);
    expect((await lineage('urn:uuid:00000000-0000-4000-8000-000000000002', '', mine)).statusCode).toBe(404);
  });

  it('ends the walk on a cycle and bounds its depth', async () => {
    const ws = await createWorkspace(app);
    const a = 'https://id.example.com/01/04012345700046/21/A';
    const b = 'https://id.example.com/01/04012345700046/21/B';
    const cycle = [
      transformationEvent({
        eventID: 'urn:uuid:44444444-0000-4000-8000-000000000001',
        inputEPCList: [a],
        inputQuantityList: undefined,
        outputEPCList: [b],
      }),
      transformationEvent({
        eventID: 'urn:uuid:44444444-0000-4000-8000-000000000002',
        inputEPCList: [b],
        inputQuantityList: undefined,
        outputEPCList: [a],
      }),
    ];
    expect((await post('/api/v1/events/epcis', epcisDocument(cycle), ws)).statusCode).toBe(201);
    const body = (await lineage('urn:uuid:44444444-0000-4000-8000-000000000001', '', ws)).json();
    expect(body.nodes.filter((node: { kind: string }) => node.kind === 'event')).toHaveLength(2);
    expect(body.truncated).toBe(false);

    const { events } = batteryChain();
    await post('/api/v1/events/epcis', epcisDocument(events), ws);
    const shallow = (await lineage(PACK_EVENT, '?maxDepth=1', ws)).json();
    expect(shallow.truncated).toBe(true);
    expect(shallow.nodes.filter((node: { kind: string }) => node.kind === 'event')).toHaveLength(3);
  });
});
