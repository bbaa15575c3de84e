// Test support (not a test file): small EPCIS 2.0 events and documents for the unit and conformance
// tests, and a battery supply chain (cells → module → pack) told as EPCIS events.
import type { Json } from './checks.ts';

export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';

/** As JSON would carry it: a field set to undefined is left out. */
const json = (value: Json): Json => JSON.parse(JSON.stringify(value)) as Json;

const TIME = { eventTime: '2024-03-01T10:00:00.000+01:00', eventTimeZoneOffset: '+01:00' };

export const sgtin = (item: string, serial: string | number) => `urn:epc:id:sgtin:4012345.${item}.${serial}`;

export function objectEvent(fields: Json = {}): Json {
  return json({
    type: 'ObjectEvent',
    ...TIME,
    action: 'ADD',
    bizStep: 'commissioning',
    epcList: [sgtin('011111', 1001)],
    readPoint: { id: 'urn:epc:id:sgln:4012345.00001.0' },
    ...fields,
  });
}

export function aggregationEvent(fields: Json = {}): Json {
  return json({
    type: 'AggregationEvent',
    ...TIME,
    action: 'ADD',
    bizStep: 'packing',
    parentID: 'urn:epc:id:sscc:4012345.0000000001',
    childEPCs: [sgtin('011111', 1001), sgtin('011111', 1002)],
    ...fields,
  });
}

export function associationEvent(fields: Json = {}): Json {
  return json({
    type: 'AssociationEvent',
    ...TIME,
    action: 'ADD',
    bizStep: 'installing',
    parentID: 'urn:epc:id:grai:4012345.55555.1',
    childEPCs: ['urn:epc:id:giai:4012345.SENSOR1'],
    ...fields,
  });
}

export function transactionEvent(fields: Json = {}): Json {
  return json({
    type: 'TransactionEvent',
    ...TIME,
    action: 'ADD',
    bizStep: 'shipping',
    bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epc:id:gdti:4012345.00001.77' }],
    epcList: [sgtin('011111', 1001)],
    ...fields,
  });
}

export function transformationEvent(fields: Json = {}): Json {
  return json({
    type: 'TransformationEvent',
    ...TIME,
    bizStep: 'assembling',
    inputEPCList: [sgtin('011111', 1001)],
    inputQuantityList: [{ epcClass: 'urn:epc:class:lgtin:4012345.022222.L1', quantity: 2.5, uom: 'KGM' }],
    outputEPCList: [sgtin('033333', 1)],
    ...fields,
  });
}

export function epcisDocument(events: unknown[], fields: Json = {}): Json {
  return json({
    '@context': [EPCIS_CONTEXT, { example: 'https://ns.example.com/epcis/' }],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: '2024-03-01T12:00:00Z',
    epcisBody: { eventList: events },
    ...fields,
  });
}

/**
 * A battery pack's making: cells commissioned, three cells assembled into each of two modules, the
 * two modules into a pack. The modules are written as Digital Links where they are made and as EPC
 * URIs where they are used. Ids are given so tests can name them.
 */
export function batteryChain(): { events: Json[]; cells: string[]; modules: string[]; pack: string } {
  const cells = [1, 2, 3, 4, 5, 6].map((n) => sgtin('070001', `C${n}`));
  const modules = [1, 2].map((n) => `https://id.example.com/01/04012345700022/21/M${n}`);
  const pack = 'https://id.example.com/01/04012345700039/21/P1';
  const at = (hour: number) => ({
    eventTime: `2024-03-0${hour}T08:00:00Z`,
    eventTimeZoneOffset: '+00:00',
  });
  const events: Json[] = [
    objectEvent({ eventID: 'urn:uuid:00000000-0000-4000-8000-000000000001', ...at(1), epcList: cells }),
    transformationEvent({
      eventID: 'urn:uuid:00000000-0000-4000-8000-000000000002',
      ...at(2),
      inputEPCList: cells.slice(0, 3),
      inputQuantityList: undefined,
      outputEPCList: [modules[0]],
    }),
    transformationEvent({
      eventID: 'urn:uuid:00000000-0000-4000-8000-000000000003',
      ...at(3),
      inputEPCList: cells.slice(3),
      inputQuantityList: undefined,
      outputEPCList: [modules[1]],
    }),
    transformationEvent({
      eventID: 'urn:uuid:00000000-0000-4000-8000-000000000004',
      ...at(4),
      // The same two modules, named by their EPC URIs this time.
      inputEPCList: [sgtin('070002', 'M1'), sgtin('070002', 'M2')],
      inputQuantityList: undefined,
      outputEPCList: [pack],
    }),
  ];
  return { events, cells, modules, pack };
}
