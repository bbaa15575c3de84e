import { describe, expect, it } from 'vitest';
import {
  addressOf,
  FACILITY_PATHS,
  facilityBody,
  OPERATOR_PATHS,
  operatorUpdateBody,
  pathOf,
  refusalOf,
} from './party-forms.ts';

describe('the field an API message is about', () => {
  it('reads schema paths, required properties and the API own wording', () => {
    expect(pathOf('body/name must NOT have fewer than 1 characters', OPERATOR_PATHS)).toBe('name');
    expect(pathOf('body/address/country must match pattern "^[A-Z]{2}$"', OPERATOR_PATHS)).toBe(
      'address.country',
    );
    expect(pathOf("body must have required property 'activity'", FACILITY_PATHS)).toBe('activity');
    expect(pathOf('gln 4012345000008 has a wrong GS1 check digit', FACILITY_PATHS)).toBe('gln');
    expect(pathOf('GLN is immutable', FACILITY_PATHS)).toBe('gln');
  });

  it('falls back to the parent path, and to no field at all', () => {
    expect(pathOf('body/address/country/0 must be string', OPERATOR_PATHS)).toBe('address.country');
    expect(pathOf('A facility with GLN 4012345000009 already exists', FACILITY_PATHS)).toBeNull();
    expect(pathOf('This API key lacks the operator:write permission', OPERATOR_PATHS)).toBeNull();
  });

  it('lays a refusal on the fields, and keeps an unplaced one for the summary', () => {
    expect(
      refusalOf({ message: 'body/regId must NOT have fewer than 1 characters' }, OPERATOR_PATHS),
    ).toEqual({
      message: 'body/regId must NOT have fewer than 1 characters',
      fields: { regId: 'regId must NOT have fewer than 1 characters' },
      unplaced: null,
    });
    const listed = refusalOf(
      { message: 'Validation failed', errors: [{ path: 'address.city', message: 'too long' }] },
      OPERATOR_PATHS,
    );
    expect(listed.fields).toEqual({ 'address-city': 'too long' });
    expect(listed.unplaced).toBe('Validation failed');
  });
});

describe('what a form sends', () => {
  it('drops empty address fields, capitalises countries and clears on edit', () => {
    expect(addressOf({ 'address.city': ' Kassel ', 'address.country': 'de', 'address.street': '' })).toEqual({
      city: 'Kassel',
      country: 'DE',
    });
    expect(operatorUpdateBody({ name: 'A', role: 'IMPORTER', country: '' })).toEqual({
      name: 'A',
      role: 'IMPORTER',
      country: null,
      address: null,
    });
    expect(
      facilityBody({ gln: '1', name: 'n', activity: 'a', country: 'at', operatorId: '' }, false),
    ).toEqual({
      name: 'n',
      activity: 'a',
      country: 'AT',
      address: null,
      operatorId: null,
    });
  });
});
