import { describe, expect, it } from 'vitest';
import { validate } from '../categories/engine.ts';
import { SCHEMA_CATEGORIES } from '../categories/types.ts';
import { fillParties } from './party-fill.ts';
import { exampleMetadata } from './samples.ts';

const operator = {
  name: 'Akku Nord GmbH',
  regId: 'DE123456789',
  regIdScheme: 'EORI',
  role: 'MANUFACTURER',
  country: 'DE',
  address: { street: 'Hafenstraße 3', postalCode: '24103', city: 'Kiel' },
};
const facility = { gln: '4012345000092', name: 'Zellwerk Kiel', country: 'DE', address: { city: 'Kiel' } };
const postal = { streetAddress: 'Hafenstraße 3', postalCode: '24103', locality: 'Kiel', countryCode: 'DE' };
const party = { name: 'Akku Nord GmbH', operatorIdentifier: 'DE123456789', postalAddress: postal };

describe('fillParties', () => {
  it('writes the operator and facility into every field of the five categories that names them', () => {
    const filled = (category: string) =>
      fillParties(category, exampleMetadata(category as never), operator, facility).metadata as Record<
        string,
        Record<string, unknown>
      >;
    const batteries = filled('batteries');
    expect(batteries.generalInformation?.manufacturer).toEqual(party);
    expect(batteries.generalInformation?.economicOperator).toEqual(party);
    expect(batteries.generalInformation?.manufacturingPlace).toEqual({
      facilityIdentifier: '4012345000092',
      name: 'Zellwerk Kiel',
      locality: 'Kiel',
      countryCode: 'DE',
    });
    expect(filled('chemicals').supplier).toEqual(party);
    const construction = filled('construction');
    expect(construction.productInformation?.manufacturer).toEqual(party);
    expect(construction.manufacturingPlant).toMatchObject({
      facilityIdentifier: '4012345000092',
      countryCode: 'DE',
    });
    const steps = (filled('textiles').manufacturing as unknown as { steps: Record<string, unknown>[] }).steps;
    expect(steps.at(-1)).toMatchObject({
      facilityIdentifier: '4012345000092',
      facilityName: 'Zellwerk Kiel',
      countryCode: 'DE',
    });
    expect(filled('electronics')).toEqual(exampleMetadata('electronics'));
    // What is written stays valid metadata of its category.
    for (const category of SCHEMA_CATEGORIES) expect(validate(category, filled(category)).errors).toEqual([]);
  });

  it('names the parts written, and leaves a role the operator does not hold as it came', () => {
    const importer = { ...operator, role: 'IMPORTER', regIdScheme: 'DE-HRB', regId: 'HRB4711' };
    const { metadata, filled } = fillParties('batteries', exampleMetadata('batteries'), importer, null);
    const general = metadata.generalInformation as Record<string, Record<string, unknown>>;
    expect(general.economicOperator?.operatorIdentifier).toBe('DE-HRB:HRB4711');
    expect(general.manufacturer).toEqual(
      (exampleMetadata('batteries').generalInformation as Record<string, unknown>).manufacturer,
    );
    expect(filled).toEqual(['/metadata/generalInformation/economicOperator']);
  });
});
