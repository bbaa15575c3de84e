import { describe, expect, it } from 'vitest';
import type { Json } from './checks.ts';
import { validateEpcisDocument } from './epcis-document.ts';
import { buildLineage, inputKeys, LINEAGE_LIMITS, type Lineage, outputKeys, productsOf } from './lineage.ts';
import {
  aggregationEvent,
  batteryChain,
  epcisDocument,
  objectEvent,
  sgtin,
  transformationEvent,
} from './samples.ts';
import type { NormalisedEvent } from './types.ts';

function normalise(events: Json[]): NormalisedEvent[] {
  const result = validateEpcisDocument(epcisDocument(events));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.events;
}

/** A store of events answering the lineage callback the way an indexed table would. */
function memory(events: NormalisedEvent[]) {
  const calls: string[][] = [];
  return {
    calls,
    eventsProducing: async (keys: string[]) => {
      calls.push(keys);
      const wanted = new Set(keys);
      return events.filter((event) => outputKeys(event).some((key) => wanted.has(key)));
    },
  };
}

const byId = (events: NormalisedEvent[], suffix: string) =>
  events.find((event) => event.eventId.endsWith(suffix)) as NormalisedEvent;

const edgeList = (lineage: Lineage) => lineage.edges.map((e) => `${e.from} -${e.relation}-> ${e.to}`).sort();

describe('product keys of an event', () => {
  it('lists outputs for the producer index, inputs and observations, and every product once', () => {
    const [pack] = normalise([
      aggregationEvent({ childEPCs: [sgtin('011111', 1001), sgtin('011111', 1002)] }),
    ]);
    const event = pack as NormalisedEvent;
    expect(outputKeys(event)).toEqual(['sscc:040123450000000016']);
    expect(inputKeys(event)).toEqual(['gtin:04012345111118:ser:1001', 'gtin:04012345111118:ser:1002']);
    expect(productsOf(event).map((ref) => ref.uri)).toEqual([
      sgtin('011111', 1001),
      sgtin('011111', 1002),
      'urn:epc:id:sscc:4012345.0000000001',
    ]);
  });
});

describe('lineage', () => {
  it('reconstructs cells → modules → pack exactly, across EPC URIs and Digital Links', async () => {
    const events = normalise(batteryChain().events);
    const store = memory(events);
    const lineage = await buildLineage(byId(events, '4'), store);

    const e = (n: number) => `event:urn:uuid:00000000-0000-4000-8000-00000000000${n}`;
    const cell = (n: number) => `product:gtin:04012345700015:ser:C${n}`;
    const module = (n: number) => `product:gtin:04012345700022:ser:M${n}`;
    const pack = 'product:gtin:04012345700039:ser:P1';
    expect(lineage.root).toBe(e(4));
    expect(lineage.truncated).toBe(false);
    expect(lineage.nodes.map((node) => [node.id, node.depth])).toEqual([
      [e(4), 0],
      [pack, 0],
      [module(1), 0],
      [module(2), 0],
      [e(2), 1],
      [cell(1), 1],
      [cell(2), 1],
      [cell(3), 1],
      [e(3), 1],
      [cell(4), 1],
      [cell(5), 1],
      [cell(6), 1],
      [e(1), 2],
    ]);
    expect(edgeList(lineage)).toEqual(
      [
        `${e(4)} -output-> ${pack}`,
        `${module(1)} -input-> ${e(4)}`,
        `${module(2)} -input-> ${e(4)}`,
        `${e(2)} -output-> ${module(1)}`,
        `${e(3)} -output-> ${module(2)}`,
        ...[1, 2, 3].map((n) => `${cell(n)} -input-> ${e(2)}`),
        ...[4, 5, 6].map((n) => `${cell(n)} -input-> ${e(3)}`),
        ...[1, 2, 3, 4, 5, 6].map((n) => `${e(1)} -output-> ${cell(n)}`),
      ].sort(),
    );
    const moduleNode = lineage.nodes.find((node) => node.id === module(1));
    expect(moduleNode).toMatchObject({
      kind: 'product',
      uri: sgtin('070002', 'M1'),
      productKind: 'instance',
    });
    expect(store.calls).toHaveLength(2);
  });

  it('ends on a cycle in the data', async () => {
    const a = 'urn:epc:id:giai:4012345.A';
    const b = 'urn:epc:id:giai:4012345.B';
    const events = normalise([
      transformationEvent({
        eventID: 'urn:x:e1',
        inputEPCList: [a],
        inputQuantityList: undefined,
        outputEPCList: [b],
      }),
      transformationEvent({
        eventID: 'urn:x:e2',
        inputEPCList: [b],
        inputQuantityList: undefined,
        outputEPCList: [a],
      }),
    ]);
    const store = memory(events);
    const lineage = await buildLineage(byId(events, 'e1'), store);
    expect(lineage.truncated).toBe(false);
    expect(lineage.nodes.map((node) => node.id)).toEqual([
      'event:urn:x:e1',
      'product:giai:4012345B',
      'product:giai:4012345A',
      'event:urn:x:e2',
    ]);
    expect(edgeList(lineage)).toEqual(
      [
        'event:urn:x:e1 -output-> product:giai:4012345B',
        'product:giai:4012345A -input-> event:urn:x:e1',
        'event:urn:x:e2 -output-> product:giai:4012345A',
        'product:giai:4012345B -input-> event:urn:x:e2',
      ].sort(),
    );
    expect(store.calls).toHaveLength(2);
  });

  it('cuts at the depth bound and says so', async () => {
    const chain = [1, 2, 3, 4, 5].map((n) =>
      transformationEvent({
        eventID: `urn:x:e${n}`,
        inputEPCList: [`urn:epc:id:giai:4012345.P${n - 1}`],
        inputQuantityList: undefined,
        outputEPCList: [`urn:epc:id:giai:4012345.P${n}`],
      }),
    );
    const events = normalise(chain);
    const eventIds = (lineage: Lineage) => lineage.nodes.filter((n) => n.kind === 'event').map((n) => n.id);
    const cut = await buildLineage(byId(events, 'e5'), { ...memory(events), maxDepth: 2 });
    expect(eventIds(cut)).toEqual(['event:urn:x:e5', 'event:urn:x:e4', 'event:urn:x:e3']);
    expect(cut.truncated).toBe(true);
    const whole = await buildLineage(byId(events, 'e5'), { ...memory(events), maxDepth: 4 });
    expect(eventIds(whole)).toHaveLength(5);
    expect(whole.truncated).toBe(false);
    const none = await buildLineage(byId(events, 'e5'), { ...memory(events), maxDepth: 0 });
    expect(eventIds(none)).toEqual(['event:urn:x:e5']);
    expect(none.nodes.map((n) => n.id)).toContain('product:giai:4012345P4');
    expect(none.truncated).toBe(true);
  });

  it('cuts at the node bound and says so', async () => {
    const events = normalise(batteryChain().events);
    const lineage = await buildLineage(byId(events, '4'), { ...memory(events), maxNodes: 5 });
    expect(lineage.nodes).toHaveLength(5);
    expect(lineage.truncated).toBe(true);
    const ids = new Set(lineage.nodes.map((n) => n.id));
    expect(lineage.edges.every((edge) => ids.has(edge.from) && ids.has(edge.to))).toBe(true);
  });

  it('clamps the bounds to the documented limits', async () => {
    const events = normalise([objectEvent()]);
    const store = memory(events);
    const lineage = await buildLineage(events[0] as NormalisedEvent, {
      ...store,
      maxDepth: 10_000,
      maxNodes: -3,
    });
    expect(lineage.nodes).toHaveLength(1);
    expect(LINEAGE_LIMITS.maxDepth).toBeLessThan(10_000);
  });

  it('labels aggregation edges parent and child, and walks up from what an observation saw', async () => {
    const shipping = objectEvent({
      eventID: 'urn:x:ship',
      action: 'OBSERVE',
      bizStep: 'shipping',
      epcList: ['urn:epc:id:sscc:4012345.0000000001'],
    });
    const events = normalise([
      objectEvent({ eventID: 'urn:x:make', epcList: [sgtin('011111', 1001), sgtin('011111', 1002)] }),
      aggregationEvent({ eventID: 'urn:x:pack', eventTime: '2024-03-01T11:00:00.000+01:00' }),
      shipping,
    ]);
    const lineage = await buildLineage(byId(events, 'ship'), memory(events));
    expect(edgeList(lineage)).toEqual(
      [
        'product:sscc:040123450000000016 -observed-> event:urn:x:ship',
        'event:urn:x:pack -parent-> product:sscc:040123450000000016',
        'product:gtin:04012345111118:ser:1001 -child-> event:urn:x:pack',
        'product:gtin:04012345111118:ser:1002 -child-> event:urn:x:pack',
        'event:urn:x:make -output-> product:gtin:04012345111118:ser:1001',
        'event:urn:x:make -output-> product:gtin:04012345111118:ser:1002',
      ].sort(),
    );
  });

  it('carries quantities on edges and leaves out events declared erroneous or unrelated', async () => {
    const lot = 'urn:epc:class:lgtin:4012345.022222.L1';
    const events = normalise([
      objectEvent({
        eventID: 'urn:x:lot',
        epcList: undefined,
        quantityList: [{ epcClass: lot, quantity: 100, uom: 'KGM' }],
      }),
      objectEvent({
        eventID: 'urn:x:wrong',
        epcList: undefined,
        quantityList: [{ epcClass: lot, quantity: 90 }],
        errorDeclaration: { declarationTime: '2024-03-02T00:00:00Z' },
      }),
      transformationEvent({ eventID: 'urn:x:use' }),
    ]);
    const store = memory(events);
    const unrelated = normalise([
      objectEvent({ eventID: 'urn:x:other', epcList: ['urn:epc:id:giai:4012345.Z'] }),
    ]);
    const lineage = await buildLineage(byId(events, 'use'), {
      eventsProducing: async (keys) => [...(await store.eventsProducing(keys)), ...unrelated],
    });
    const eventNodes = lineage.nodes.filter((n) => n.kind === 'event').map((n) => n.id);
    expect(eventNodes).toEqual(['event:urn:x:use', 'event:urn:x:lot']);
    expect(lineage.edges).toContainEqual({
      from: 'product:gtin:04012345222227:lot:L1',
      to: 'event:urn:x:use',
      relation: 'input',
      quantity: 2.5,
      uom: 'KGM',
    });
    expect(lineage.edges).toContainEqual({
      from: 'event:urn:x:lot',
      to: 'product:gtin:04012345222227:lot:L1',
      relation: 'output',
      quantity: 100,
      uom: 'KGM',
    });
  });
});
