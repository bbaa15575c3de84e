import { describe, expect, it } from 'vitest';
import type { Json } from './checks.ts';
import { validateEpcisDocument, validateEpcisEvent } from './epcis-document.ts';
import {
  aggregationEvent,
  associationEvent,
  epcisDocument,
  objectEvent,
  transactionEvent,
  transformationEvent,
} from './samples.ts';

/** The problem paths of one event checked inside a document, relative to the event. */
function pathsOf(event: Json): string[] {
  const result = validateEpcisDocument(epcisDocument([event]));
  if (result.ok) return [];
  return result.problems.map((problem) => problem.path.replace('/epcisBody/eventList/0', ''));
}

describe('EPCIS event checks', () => {
  it('accepts each of the five event types', () => {
    for (const event of [
      objectEvent(),
      aggregationEvent(),
      associationEvent(),
      transactionEvent(),
      transformationEvent(),
    ]) {
      expect(pathsOf(event), String(event.type)).toEqual([]);
    }
  });

  it('requires eventTime and eventTimeZoneOffset, and checks their forms', () => {
    expect(pathsOf(objectEvent({ eventTime: undefined }))).toEqual(['/eventTime']);
    expect(pathsOf(objectEvent({ eventTimeZoneOffset: undefined }))).toEqual(['/eventTimeZoneOffset']);
    expect(pathsOf(objectEvent({ eventTime: '2024-03-01T10:00:00' }))).toEqual(['/eventTime']);
    expect(pathsOf(objectEvent({ eventTime: '2024-02-30T10:00:00Z' }))).toEqual(['/eventTime']);
    for (const offset of ['+1:00', '+15:00', '01:00', '+14:30', 'Z']) {
      expect(pathsOf(objectEvent({ eventTimeZoneOffset: offset })), offset).toEqual(['/eventTimeZoneOffset']);
    }
    expect(pathsOf(objectEvent({ eventTimeZoneOffset: '-14:00' }))).toEqual([]);
    expect(pathsOf(objectEvent({ recordTime: 'yesterday' }))).toEqual(['/recordTime']);
  });

  it('refuses an unknown or missing type', () => {
    expect(pathsOf(objectEvent({ type: 'MoveEvent' }))).toEqual(['/type']);
    expect(pathsOf(objectEvent({ type: undefined }))).toEqual(['/type']);
    expect(validateEpcisEvent([objectEvent()])).toMatchObject({ ok: false, problems: [{ path: '' }] });
  });

  it('takes action ADD, OBSERVE or DELETE where the type has one, and none on a TransformationEvent', () => {
    expect(pathsOf(objectEvent({ action: 'MOVE' }))).toEqual(['/action']);
    expect(pathsOf(objectEvent({ action: 'add' }))).toEqual(['/action']);
    expect(pathsOf(objectEvent({ action: undefined }))).toEqual(['/action']);
    expect(pathsOf(transformationEvent({ action: 'ADD' }))).toEqual(['/action']);
  });

  it('wants lists of URIs for the EPC lists, without repeats', () => {
    expect(pathsOf(objectEvent({ epcList: 'urn:epc:id:sgtin:4012345.011111.1' }))).toEqual(['/epcList']);
    expect(pathsOf(objectEvent({ epcList: ['not a uri'] }))).toEqual(['/epcList/0']);
    expect(pathsOf(objectEvent({ epcList: ['urn:x:1', 'urn:x:1'] }))).toEqual(['/epcList/1']);
    expect(pathsOf(aggregationEvent({ childEPCs: [42] }))).toEqual(['/childEPCs/0']);
    expect(pathsOf(transformationEvent({ outputEPCList: {} }))).toEqual(['/outputEPCList', '']);
  });

  it('checks quantity elements: epcClass required, a number, a Rec 20 unit, nothing else', () => {
    const quantity = (element: Json) => objectEvent({ epcList: undefined, quantityList: [element] });
    expect(pathsOf(quantity({ quantity: 1 }))).toEqual(['/quantityList/0/epcClass']);
    expect(pathsOf(quantity({ epcClass: 'urn:x:1', quantity: '1' }))).toEqual(['/quantityList/0/quantity']);
    expect(pathsOf(quantity({ epcClass: 'urn:x:1', uom: 'kg' }))).toEqual(['/quantityList/0/uom']);
    expect(pathsOf(quantity({ epcClass: 'urn:x:1', lot: 'A' }))).toEqual(['/quantityList/0/lot']);
  });

  it('allows extension fields only under a namespace', () => {
    expect(pathsOf(objectEvent({ 'example:myField': { nested: true } }))).toEqual([]);
    expect(pathsOf(objectEvent({ 'https://ns.example.com/field': 1 }))).toEqual([]);
    expect(pathsOf(objectEvent({ myField: 1 }))).toEqual(['/myField']);
    expect(pathsOf(objectEvent({ childEPCs: [] }))).toEqual(['/childEPCs']);
  });

  it('needs what each type is about', () => {
    expect(pathsOf(objectEvent({ epcList: undefined }))).toEqual(['']);
    expect(pathsOf(objectEvent({ epcList: [] }))).toEqual([]);
    expect(pathsOf(objectEvent({ epcList: undefined, quantityList: [] }))).toEqual(['']);
    expect(pathsOf(aggregationEvent({ childEPCs: [] }))).toEqual(['']);
    expect(pathsOf(aggregationEvent({ childEPCs: undefined, action: 'DELETE' }))).toEqual([]);
    expect(pathsOf(aggregationEvent({ parentID: undefined }))).toEqual(['/parentID']);
    expect(pathsOf(aggregationEvent({ parentID: undefined, action: 'OBSERVE' }))).toEqual([]);
    expect(pathsOf(associationEvent({ parentID: undefined, action: 'OBSERVE' }))).toEqual(['/parentID']);
    expect(pathsOf(transactionEvent({ bizTransactionList: [] }))).toEqual(['/bizTransactionList']);
    expect(pathsOf(transformationEvent({ outputEPCList: undefined }))).toEqual(['']);
    expect(
      pathsOf(transformationEvent({ outputEPCList: undefined, transformationID: 'urn:uuid:1' })),
    ).toEqual([]);
  });

  it('allows ilmd only when an object is added', () => {
    expect(pathsOf(objectEvent({ ilmd: { 'example:lot': 'A' } }))).toEqual([]);
    expect(pathsOf(objectEvent({ action: 'OBSERVE', ilmd: { 'example:lot': 'A' } }))).toEqual(['/ilmd']);
    expect(pathsOf(objectEvent({ ilmd: { lot: 'A' } }))).toEqual(['/ilmd/lot']);
  });

  it('takes CBV terms by bare name or a URI outside the CBV namespaces', () => {
    expect(pathsOf(objectEvent({ bizStep: 'shipping', disposition: 'in_transit' }))).toEqual([]);
    expect(pathsOf(objectEvent({ bizStep: 'https://ref.gs1.org/cbv/BizStep-shipping' }))).toEqual([]);
    expect(pathsOf(objectEvent({ bizStep: 'https://example.com/steps/welding' }))).toEqual([]);
    expect(pathsOf(objectEvent({ bizStep: 'urn:epcglobal:cbv:bizstep:shipping' }))).toEqual(['/bizStep']);
    expect(pathsOf(objectEvent({ bizStep: 'welding' }))).toEqual(['/bizStep']);
    expect(pathsOf(objectEvent({ disposition: 'broken' }))).toEqual(['/disposition']);
  });

  it('checks locations, transactions, sources and destinations', () => {
    expect(pathsOf(objectEvent({ readPoint: 'urn:epc:id:sgln:4012345.00001.0' }))).toEqual(['/readPoint']);
    expect(pathsOf(objectEvent({ bizLocation: {} }))).toEqual(['/bizLocation/id']);
    expect(
      pathsOf(
        objectEvent({ bizTransactionList: [{ type: 'purchase', bizTransaction: 'urn:x:1', extra: 1 }] }),
      ),
    ).toEqual(['/bizTransactionList/0/extra', '/bizTransactionList/0/type']);
    expect(pathsOf(objectEvent({ sourceList: [{ source: 'urn:x:1' }] }))).toEqual(['/sourceList/0/type']);
    expect(pathsOf(objectEvent({ destinationList: [{ type: 'location' }] }))).toEqual([
      '/destinationList/0/destination',
    ]);
  });

  it('checks sensor data, error declarations, persistent dispositions and certification info', () => {
    const sensor = (report: Json) => objectEvent({ sensorElementList: [{ sensorReport: [report] }] });
    expect(pathsOf(sensor({ type: 'Temperature', value: 21.5, uom: 'CEL' }))).toEqual([]);
    expect(pathsOf(sensor({ value: 21.5 }))).toEqual(['/sensorElementList/0/sensorReport/0/type']);
    expect(pathsOf(sensor({ type: 'Warmth' }))).toEqual(['/sensorElementList/0/sensorReport/0/type']);
    expect(pathsOf(sensor({ type: 'Temperature', booleanValue: 'yes', hexBinaryValue: 'xyz' }))).toEqual([
      '/sensorElementList/0/sensorReport/0/booleanValue',
      '/sensorElementList/0/sensorReport/0/hexBinaryValue',
    ]);
    expect(pathsOf(objectEvent({ sensorElementList: [{ sensorReport: [] }] }))).toEqual([
      '/sensorElementList/0/sensorReport',
    ]);
    expect(pathsOf(objectEvent({ errorDeclaration: { reason: 'did_not_occur' } }))).toEqual([
      '/errorDeclaration/declarationTime',
    ]);
    expect(pathsOf(objectEvent({ persistentDisposition: {} }))).toEqual(['/persistentDisposition']);
    expect(pathsOf(objectEvent({ persistentDisposition: { set: ['recalled', 'recalled'] } }))).toEqual([
      '/persistentDisposition/set/1',
    ]);
    expect(pathsOf(objectEvent({ certificationInfo: ['https://cert.example/1', 2] }))).toEqual([
      '/certificationInfo/1',
    ]);
  });

  it('checks a @context an event carries', () => {
    expect(
      pathsOf(objectEvent({ '@context': 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld' })),
    ).toEqual([]);
    expect(pathsOf(objectEvent({ '@context': [42] }))).toEqual(['/@context/0']);
  });
});
