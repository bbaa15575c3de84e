import { describe, expect, it } from 'vitest';
import type { Json } from './checks.ts';
import { validateTraceabilityEvent } from './event-body.ts';
import { productKey } from './product-ref.ts';
import { objectEvent } from './samples.ts';
import type { NormalisedEvent } from './types.ts';
import { isUntpShape, validateUntpEvent } from './untp-event.ts';

const CONTEXT = [
  'https://www.w3.org/ns/credentials/v2',
  'https://test.uncefact.org/vocabulary/untp/dte/0.6.0/',
];
const item = (serial: string) => ({
  type: ['Item'],
  id: `https://id.gs1.org/01/09520123456788/21/${serial}`,
  name: 'Cell 21700',
});

function untpTransformation(fields: Json = {}): Json {
  return {
    type: ['TransformationEvent', 'Event'],
    id: 'https://events.example.com/2f7c7f1e-0c55-4b7e-a0c3-5d6c7b8a9f01',
    processType: 'Module assembly',
    eventTime: '2024-09-01T12:00:00Z',
    action: 'add',
    bizStep: 'https://ref.gs1.org/cbv/BizStep-assembling',
    bizLocation: 'https://id.gs1.org/414/9520123456788',
    inputEPCList: [item('C1'), item('C2')],
    inputQuantityList: [
      {
        productId: 'https://id.gs1.org/01/09520123456788/10/L7',
        productName: 'Binder',
        quantity: 20,
        uom: 'KGM',
      },
    ],
    outputEPCList: ['https://id.gs1.org/01/09520123456795/21/M1'],
    ...fields,
  };
}

function credential(subject: unknown): Json {
  return {
    '@context': CONTEXT,
    type: ['DigitalTraceabilityEvent', 'VerifiableCredential'],
    id: 'https://example.com/credentials/1',
    issuer: { type: ['CredentialIssuer'], id: 'did:web:example.com', name: 'Example Cells Ltd' },
    validFrom: '2024-09-01T12:00:00Z',
    credentialSubject: subject,
  };
}

const problems = (result: ReturnType<typeof validateUntpEvent>) => (result.ok ? [] : result.problems);

describe('UNTP traceability events', () => {
  it('maps a transformation to the normalised form: items as objects or URIs, quantities, lower-case action', () => {
    const result = validateUntpEvent(untpTransformation());
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const event = result.events[0] as NormalisedEvent;
    expect(event).toMatchObject({
      eventType: 'TransformationEvent',
      eventId: 'https://events.example.com/2f7c7f1e-0c55-4b7e-a0c3-5d6c7b8a9f01',
      eventIdSource: 'given',
      source: 'untp',
      eventTime: '2024-09-01T12:00:00.000Z',
      action: 'ADD',
      bizStep: 'assembling',
      bizLocation: 'https://id.gs1.org/414/9520123456788',
    });
    expect(event.inputs.map(productKey)).toEqual([
      'gtin:09520123456788:ser:C1',
      'gtin:09520123456788:ser:C2',
      'gtin:09520123456788:lot:L7',
    ]);
    expect(event.inputs[2]).toMatchObject({ kind: 'class', quantity: 20, uom: 'KGM' });
    expect(event.outputs.map(productKey)).toEqual(['gtin:09520123456795:ser:M1']);
  });

  it('reads every event of a credential, each with the credential @context in raw', () => {
    const packing = {
      type: ['AggregationEvent', 'Event'],
      eventTime: '2024-09-02T08:00:00+02:00',
      action: 'add',
      parentEPC: { id: 'https://id.gs1.org/00/106141412345678908', name: 'Pallet' },
      childEPCList: [{ id: 'https://id.gs1.org/01/09520123456795/21/M1', name: 'Module' }],
    };
    const result = validateTraceabilityEvent(credential([untpTransformation(), packing]));
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.events.map((e) => [e.eventType, e.eventIdSource])).toEqual([
      ['TransformationEvent', 'given'],
      ['AggregationEvent', 'derived'],
    ]);
    const aggregation = result.events[1] as NormalisedEvent;
    expect(aggregation.inputs.map(productKey)).toEqual(['gtin:09520123456795:ser:M1']);
    expect(aggregation.outputs.map(productKey)).toEqual(['sscc:106141412345678908']);
    expect(aggregation.raw['@context']).toEqual(CONTEXT);
    expect(validateUntpEvent(credential(untpTransformation())).ok).toBe(true);
  });

  it('answers problems with paths into the credential', () => {
    const result = validateUntpEvent(
      credential([
        untpTransformation({ eventTime: undefined, action: 'move' }),
        { type: ['Event'], eventTime: '2024-09-01T12:00:00Z' },
        untpTransformation({
          inputEPCList: [{ name: 'no id' }, 'not a uri'],
          inputQuantityList: [{ quantity: 'x' }],
        }),
      ]),
    );
    expect(problems(result).map((p) => p.path)).toEqual([
      '/credentialSubject/0/eventTime',
      '/credentialSubject/0/action',
      '/credentialSubject/1/type',
      '/credentialSubject/2/inputEPCList/0/id',
      '/credentialSubject/2/inputEPCList/1',
      '/credentialSubject/2/inputQuantityList/0/productId',
    ]);
    expect(
      problems(validateUntpEvent({ ...credential([]), type: ['VerifiableCredential'] })).map((p) => p.path),
    ).toEqual(['/type', '/credentialSubject']);
  });

  it('leaves an event without action as an observation', () => {
    const result = validateUntpEvent({
      type: ['ObjectEvent', 'Event'],
      eventTime: '2024-09-01T12:00:00Z',
      epcList: [item('C9')],
    });
    expect(result.ok && [result.events[0]?.outputs.length, result.events[0]?.observed.length]).toEqual([
      0, 1,
    ]);
  });
});

describe('telling UNTP and EPCIS bodies apart', () => {
  it('goes by the shape of type and by credentialSubject', () => {
    expect(isUntpShape(untpTransformation())).toBe(true);
    expect(isUntpShape(credential([]))).toBe(true);
    expect(isUntpShape(objectEvent())).toBe(false);
    const epcis = validateTraceabilityEvent(objectEvent());
    expect(epcis.ok && epcis.events[0]?.source).toBe('epcis');
  });
});
