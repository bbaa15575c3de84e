import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePositionCursor } from '../paging/cursor.ts';
import { epcisFieldsOf, PER_PAGE, readEventQuery } from './epcis-query.ts';

const read = (params: Record<string, string | string[]>) => {
  const reading = readEventQuery(params);
  if (!reading.ok) throw new Error(reading.message);
  return reading.query;
};

describe('readEventQuery', () => {
  it('reads list parameters split at | and , and CBV terms in any of their forms', () => {
    const query = read({
      eventType: 'ObjectEvent|AggregationEvent,TransformationEvent',
      EQ_bizStep: ['https://ref.gs1.org/cbv/BizStep-shipping', 'receiving'],
      EQ_disposition: 'https://gs1.org/voc/Disp-in_transit',
    });
    expect(query.eventTypes).toEqual(['ObjectEvent', 'AggregationEvent', 'TransformationEvent']);
    expect(query.bizSteps).toEqual(['shipping', 'receiving']);
    expect(query.dispositions).toEqual(['in_transit']);
    expect(query.perPage).toBe(PER_PAGE.default);
  });

  it('splits identifiers at a comma only where a new URI begins', () => {
    const query = read({
      MATCH_epc: 'urn:epc:id:giai:4012345.A,B,urn:epc:id:giai:4012345.C|urn:epc:id:giai:4012345.D',
    });
    expect(query.matches[0]?.keys).toEqual(['giai:4012345A,B', 'giai:4012345C', 'giai:4012345D']);
  });

  it('matches an EPC URI and its Digital Link by one key, and patterns by prefix', () => {
    const query = read({
      MATCH_anyEPC: [
        'urn:epc:id:sgtin:4012345.011111.7',
        'https://id.gs1.org/01/04012345111118/21/7',
        'urn:epc:idpat:sgtin:4012345.011111.*',
        'urn:epc:idpat:sgtin:4012345.*.*',
      ],
    });
    const [match] = query.matches;
    expect(match?.fields).toEqual(['epc', 'parentID', 'input', 'output']);
    expect(match?.keys).toEqual(['gtin:04012345111118:ser:7', 'gtin:04012345111118:ser:7']);
    expect(match?.keyPrefixes).toEqual(['gtin:04012345111118:ser:']);
    expect(match?.uriPrefixes).toEqual(['urn:epc:id:sgtin:4012345.']);
  });

  it('reads times to UTC instants, and a page token it handed out', () => {
    const token = encodePositionCursor({
      atUs: '1714521600000000',
      id: '0b0e3d4a-8f7e-4c41-9f55-2a7c1d2e3f40',
    });
    const query = read({ GE_eventTime: '2024-05-01T02:00:00+02:00', nextPageToken: token, perPage: '9999' });
    expect(query.geEventTime).toBe('2024-05-01T00:00:00.000Z');
    expect(query.after?.id).toBe('0b0e3d4a-8f7e-4c41-9f55-2a7c1d2e3f40');
    expect(query.perPage).toBe(PER_PAGE.max);
  });

  it('names the parameter it refuses', () => {
    for (const [params, name] of [
      [{ EQ_action: 'ADD' }, 'EQ_action'],
      [{ LT_eventTime: '2024-05-01' }, 'LT_eventTime'],
      [{ GE_eventTime: '2024-13-45T99:00:00Z' }, 'GE_eventTime'],
      [{ perPage: '-1' }, 'perPage'],
      [{ nextPageToken: 'abc' }, 'nextPageToken'],
      [{ perPage: ['1', '2'] }, 'perPage'],
      [{ EQ_bizStep: '|' }, 'EQ_bizStep'],
    ] as const) {
      const reading = readEventQuery(params as Record<string, string | string[]>);
      expect(reading.ok).toBe(false);
      if (!reading.ok) expect(reading.message).toContain(`'${name}'`);
    }
  });

  it('never throws, whatever the parameters', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.array(fc.string()))), (params) => {
        readEventQuery(params);
      }),
    );
  });
});

describe('epcisFieldsOf', () => {
  it('lists the identifiers of an event by field, once each', () => {
    const fields = epcisFieldsOf({
      epcList: ['urn:epc:id:sgtin:4012345.011111.1', 'urn:epc:id:sgtin:4012345.011111.1'],
      childEPCs: ['urn:epc:id:giai:4012345.X'],
      parentID: 'urn:epc:id:sscc:4012345.0000000001',
      inputEPCList: ['urn:x:in'],
      outputEPCList: ['urn:x:out'],
      quantityList: [{ epcClass: 'urn:epc:class:lgtin:4012345.011111.L1', quantity: 1 }],
    });
    expect(fields.map((field) => [field.field, field.productKey])).toEqual([
      ['epc', 'gtin:04012345111118:ser:1'],
      ['epc', 'giai:4012345X'],
      ['input', 'uri:urn:x:in'],
      ['output', 'uri:urn:x:out'],
      ['parentID', 'sscc:040123450000000016'],
    ]);
  });
});
