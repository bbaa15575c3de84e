// The hostile write routes of passports and units, and of what reads or reshapes them: the GS1
// helpers, AAS ingest and the EN 18222 Life Cycle API.
import { batteryMetadata } from '../helpers/passports.ts';
import { uniqueSerial } from '../helpers/units.ts';
import {
  eventFields,
  goodEvent,
  goodPassportFor,
  inRow,
  passportFields,
  unitFields,
} from './hostile-bodies.ts';
import type { HostileFixtures } from './hostile-fixtures.ts';
import type { WriteRoute } from './hostile-types.ts';

export function passportWrites(fixtures: HostileFixtures): WriteRoute[] {
  const { passport, statusPassport, unit, aasEnvironment, aasElement, lifeCyclePassport } = fixtures;
  const goodPassport = goodPassportFor(fixtures.operatorId);
  let statusNow = 'ACTIVE';
  return [
    { method: 'POST', url: '/api/v1/passports', base: goodPassport, fields: passportFields },
    { method: 'POST', url: '/api/v1/passports/validate-only', base: goodPassport, fields: passportFields },
    {
      method: 'PUT',
      url: `/api/v1/passports/${passport.id}`,
      base: () => ({ metadata: batteryMetadata(), changeReason: 'hostile input' }),
      fields: [...passportFields, [['changeReason'], 'string']],
    },
    {
      method: 'PUT',
      url: `/api/v1/passports/${statusPassport.id}/status`,
      // ACTIVE and RECALLED are each other's only move: the valid body flips with every accepted one.
      base: () => ({ status: statusNow === 'ACTIVE' ? 'RECALLED' : 'ACTIVE', reason: 'hostile input' }),
      accepted: (answer) => {
        statusNow = (answer.passport as { status: string }).status;
      },
      fields: [
        [['status'], 'string'],
        [['reason'], 'string'],
        [[], 'json'],
      ],
    },
    {
      method: 'POST',
      url: '/api/v1/passports/bulk',
      base: () => ({ passports: [goodPassport(), goodPassport(), goodPassport()] }),
      fields: inRow('passports', passportFields),
      rows: { field: 'passports', count: 3 },
    },
    {
      method: 'POST',
      url: `/api/v1/passports/${passport.id}/units/validate`,
      base: () => ({ serialNumber: uniqueSerial() }),
      fields: unitFields,
    },
    {
      method: 'POST',
      url: `/api/v1/passports/${passport.id}/units`,
      base: () => ({ serialNumber: uniqueSerial() }),
      fields: [...unitFields, [[], 'json']],
    },
    {
      method: 'POST',
      url: `/api/v1/passports/${passport.id}/units`,
      base: () => ({ units: [{ serialNumber: uniqueSerial() }, { serialNumber: uniqueSerial() }] }),
      fields: inRow('units', unitFields),
      rows: { field: 'units', count: 2 },
    },
    {
      method: 'POST',
      url: `/api/v1/units/${unit.id}/events`,
      base: goodEvent,
      fields: [...eventFields, [[], 'json']],
    },
    {
      method: 'POST',
      url: `/api/v1/units/${unit.id}/events/bulk`,
      base: () => ({ events: [goodEvent(), goodEvent()] }),
      fields: inRow('events', eventFields),
    },
    {
      method: 'POST',
      url: '/api/v1/gs1/gtin',
      readOnly: true,
      base: () => ({ companyPrefix: '4012345', itemReference: '00001' }),
      fields: [
        [['companyPrefix'], 'string'],
        [['itemReference'], 'string'],
        [['indicator'], 'string'],
      ],
    },
    {
      method: 'POST',
      url: '/api/v1/gs1/decode',
      readOnly: true,
      base: () => ({ data: '(01)04012345000016(21)S1' }),
      fields: [[['data'], 'string']],
    },
    {
      method: 'POST',
      url: '/api/v1/gs1/decode/batch',
      readOnly: true,
      base: () => ({ items: ['(01)04012345000016', '(01)04012345000016(10)L1'] }),
      fields: [
        [['items', 0], 'string'],
        [['items'], 'json'],
      ],
    },
    {
      method: 'POST',
      url: '/api/v1/passports/aas/ingest',
      base: () => structuredClone(aasEnvironment),
      fields: [
        [['assetAdministrationShells', 0, 'idShort'], 'string'],
        [['assetAdministrationShells', 0, 'assetInformation'], 'json'],
        [['submodels'], 'json'],
        [['submodels', 0, 'id'], 'string'],
        [[...aasElement, 'value'], 'string'],
        [[...aasElement, 'valueType'], 'string'],
        [[...aasElement], 'json'],
        [[], 'json'],
      ],
    },
    { method: 'POST', url: '/v1/dpps', base: goodPassport, fields: passportFields },
    {
      method: 'PATCH',
      url: `/v1/dpps/${lifeCyclePassport.id}`,
      base: () => ({ originCountry: 'DE', metadata: { performance: { ratedCapacity: 50 } } }),
      fields: [
        [['originCountry'], 'string'],
        [['productId'], 'string'],
        [['status'], 'string'],
        [['metadata'], 'json'],
        [['metadata', 'performance', 'ratedCapacity'], 'number'],
        [['metadata', 'internalNotes'], 'string'],
        [[], 'json'],
      ],
    },
    {
      method: 'PATCH',
      url: `/v1/dpps/${lifeCyclePassport.id}/elements/metadata.performance`,
      base: () => ({ ratedCapacity: 60 }),
      fields: [
        [['ratedCapacity'], 'number'],
        [['nominalVoltage'], 'number'],
        [[], 'json'],
      ],
    },
    {
      method: 'POST',
      url: '/v1/dppsByProductIds',
      readOnly: true,
      base: () => ({ productIds: [passport.productId] }),
      fields: [
        [['productIds'], 'json'],
        [['productIds', 0], 'string'],
        [[], 'json'],
      ],
    },
  ];
}
