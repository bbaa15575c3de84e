// Valid bodies the hostile routes start from, and the fields of each that get spoiled: shared by
// the write routes and the routes with an id in their path.
import type { FieldKind } from '../helpers/hostile.ts';
import { batteryMetadata, newGtin13 } from '../helpers/passports.ts';
import type { Path } from './hostile-types.ts';

/** A passport body the create routes accept, made afresh on each call. */
export const goodPassportFor = (operatorId: string) => () => ({
  productId: newGtin13(),
  category: 'batteries',
  originCountry: 'DE',
  operatorId,
  metadata: batteryMetadata(),
});

export const goodEvent = () => ({ eventType: 'SOH_MEASUREMENT', stateOfHealth: 90, cycleCount: 10 });

export const key = { name: 'hostile' };

export const passportFields: [Path, FieldKind][] = [
  [['productId'], 'string'],
  [['category'], 'string'],
  [['originCountry'], 'string'],
  [['operatorId'], 'id'],
  [['facilityId'], 'id'],
  [['granularity'], 'string'],
  [['status'], 'string'],
  [['metadata'], 'json'],
  [['metadata', 'internalNotes'], 'string'],
  [['metadata', 'performance', 'ratedCapacity'], 'number'],
  [['metadata', 'generalInformation'], 'json'],
  [[], 'json'],
];

export const eventFields: [Path, FieldKind][] = [
  [['eventType'], 'string'],
  [['stateOfHealth'], 'number'],
  [['cycleCount'], 'number'],
  [['remainingCapacityAh'], 'number'],
  [['temperatureC'], 'number'],
  [['recordedAt'], 'date'],
  [['payload'], 'json'],
  [['payload', 'note'], 'string'],
  [['status'], 'string'],
];

export const unitFields: [Path, FieldKind][] = [
  [['serialNumber'], 'string'],
  [['manufacturedAt'], 'date'],
  [['predecessorUnitId'], 'id'],
  [['predecessorStatus'], 'string'],
  [['status'], 'string'],
];

/** A bulk body's fields: each field of its second row, the row itself and the whole list. */
export const inRow = (field: string, fields: [Path, FieldKind][]): [Path, FieldKind][] => [
  ...fields
    .filter(([path]) => path.length > 0)
    .map(([path, kind]): [Path, FieldKind] => [[field, 1, ...path], kind]),
  [[field, 1], 'json'],
  [[field], 'json'],
];
