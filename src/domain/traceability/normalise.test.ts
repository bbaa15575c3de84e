import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from './checks.ts';
import { validateEpcisEvent } from './epcis-document.ts';
import { DERIVED_ID_PREFIX, deriveEventId } from './event-id.ts';
import { utcInstant } from './normalise.ts';
import { productKey } from './product-ref.ts';
import {
  aggregationEvent,
  associationEvent,
  objectEvent,
  sgtin,
  transactionEvent,
  transformationEvent,
} from './samples.ts';
import type { NormalisedEvent } from './types.ts';
import { cbvShortName } from './vocabulary.ts';

function normalise(event: Json): NormalisedEvent {
  const result = validateEpcisEvent(event);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.events[0] as NormalisedEvent;
}

const keys = (refs: { uri: string; gs1?: NormalisedEvent['outputs'][number]['gs1'] }[]) =>
  refs.map((r) => productKey(r));
const flow = (event: NormalisedEvent) => ({
  inputs: keys(event.inputs),
  outputs: keys(event.outputs),
  observed: keys(event.observed),
});

const CELL = 'gtin:04012345111118:ser:1001';
const CELL2 = 'gtin:04012345111118:ser:1002';
const SSCC = 'sscc:040123450000000016';

describe('inputs and outputs per event type', () => {
  it('ObjectEvent: ADD makes, DELETE consumes, OBSERVE only sees', () => {
    expect(flow(normalise(objectEvent()))).toEqual({ inputs: [], outputs: [CELL], observed: [] });
    expect(flow(normalise(objectEvent({ action: 'DELETE' })))).toEqual({
      inputs: [CELL],
      outputs: [],
      observed: [],
    });
    expect(flow(normalise(objectEvent({ action: 'OBSERVE' })))).toEqual({
      inputs: [],
      outputs: [],
      observed: [CELL],
    });
  });

  it('AggregationEvent: ADD turns children into the parent, DELETE the parent back into children', () => {
    const add = normalise(aggregationEvent());
    expect(flow(add)).toEqual({ inputs: [CELL, CELL2], outputs: [SSCC], observed: [] });
    expect(keys(add.parents)).toEqual([SSCC]);
    expect(keys(add.children)).toEqual([CELL, CELL2]);
    expect(flow(normalise(aggregationEvent({ action: 'DELETE' })))).toEqual({
      inputs: [SSCC],
      outputs: [CELL, CELL2],
      observed: [],
    });
    expect(flow(normalise(aggregationEvent({ action: 'OBSERVE' })))).toEqual({
      inputs: [],
      outputs: [],
      observed: [SSCC, CELL, CELL2],
    });
  });

  it('AssociationEvent works like an aggregation', () => {
    expect(flow(normalise(associationEvent()))).toEqual({
      inputs: ['giai:4012345SENSOR1'],
      outputs: ['grai:040123455555541'],
      observed: [],
    });
  });

  it('TransformationEvent: the input lists in, the output lists out, quantities carried', () => {
    const event = normalise(transformationEvent());
    expect(flow(event)).toEqual({
      inputs: [CELL, 'gtin:04012345222227:lot:L1'],
      outputs: ['gtin:04012345333336:ser:1'],
      observed: [],
    });
    expect(event.inputs[1]).toMatchObject({ kind: 'class', quantity: 2.5, uom: 'KGM' });
    expect(event.action).toBeUndefined();
  });

  it('TransactionEvent changes no product: what it names is observed', () => {
    expect(flow(normalise(transactionEvent({ parentID: 'urn:epc:id:sscc:4012345.0000000001' })))).toEqual({
      inputs: [],
      outputs: [],
      observed: [SSCC, CELL],
    });
  });

  it('writes CBV URIs as their bare names and leaves other URIs alone', () => {
    const event = normalise(
      objectEvent({
        bizStep: 'https://ref.gs1.org/cbv/BizStep-shipping',
        disposition: 'https://example.com/d/x',
      }),
    );
    expect([event.bizStep, event.disposition]).toEqual(['shipping', 'https://example.com/d/x']);
    expect(cbvShortName('https://gs1.org/voc/Disp-in_transit', 'Disp')).toBe('in_transit');
    expect(cbvShortName('urn:epcglobal:cbv:bizstep:receiving', 'BizStep')).toBe('receiving');
    expect(cbvShortName('https://ref.gs1.org/cbv/BizStep-welding', 'BizStep')).toBe(
      'https://ref.gs1.org/cbv/BizStep-welding',
    );
  });
});

describe('event time', () => {
  it('is the UTC instant with milliseconds', () => {
    expect(utcInstant('2005-04-03T20:33:31.116000-06:00')).toBe('2005-04-04T02:33:31.116Z');
    expect(utcInstant('2024-03-01t10:00:00z')).toBe('2024-03-01T10:00:00.000Z');
    expect(utcInstant('2024-03-01T00:30:00.291+01:00')).toBe('2024-02-29T23:30:00.291Z');
    expect(() => utcInstant('yesterday')).toThrow(RangeError);
  });
});

describe('derived event ids', () => {
  it('are RFC 6920 SHA-256 names that do not depend on field order or on bookkeeping fields', () => {
    const id = deriveEventId(objectEvent());
    expect(id.startsWith(DERIVED_ID_PREFIX)).toBe(true);
    expect(id).toMatch(/^ni:\/\/\/sha-256;[A-Za-z0-9_-]{43}$/);
    const reordered = Object.fromEntries(Object.entries(objectEvent()).reverse());
    expect(deriveEventId(reordered)).toBe(id);
    expect(
      deriveEventId(
        objectEvent({
          '@context': 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
          recordTime: '2024-03-05T00:00:00Z',
          errorDeclaration: { declarationTime: '2024-03-05T00:00:00Z' },
        }),
      ),
    ).toBe(id);
  });

  it('differ when anything that happened differs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (a, b) => {
        const idA = deriveEventId(objectEvent({ epcList: [sgtin('011111', a)] }));
        const idB = deriveEventId(objectEvent({ epcList: [sgtin('011111', b)] }));
        return (a === b) === (idA === idB);
      }),
    );
  });
});
