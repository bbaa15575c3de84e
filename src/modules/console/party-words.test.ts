import { describe, expect, it } from 'vitest';
import { partyMessage } from './party-words.ts';

describe('operator and facility refusals in people’s words', () => {
  it('names the field by its label and says what is expected', () => {
    expect(partyMessage('en', 'name', "body must have required property 'name'")).toBe(
      'Name is required: please fill it in.',
    );
    expect(partyMessage('de', 'activity', 'activity must not be blank')).toMatch(/fehlt: bitte ausfüllen\.$/);
    expect(partyMessage('en', 'country', 'country must be an ISO 3166-1 alpha-2 country code')).toBe(
      'Country: choose a country from the list.',
    );
  });

  it('names both countries of an EORI that does not fit the operator’s country', () => {
    const api =
      'regId DE555000111 is an EORI issued by DE, but country is FR: an operator established in FR holds an EORI of FR';
    expect(partyMessage('en', 'regId', api)).toBe(
      'The EORI DE555000111 was issued by Germany, but the country chosen is France. An operator established in France holds an EORI beginning with FR: choose Germany as the country, or enter the EORI issued by France.',
    );
    expect(partyMessage('de', 'regId', api)).toContain(
      'von Deutschland erteilt, als Land ist aber Frankreich gewählt',
    );
  });

  it('says which GLN digit is wrong and what it should be', () => {
    const api =
      'gln 4012345000010 has a wrong GS1 check digit: the last digit (the 13th) is 0, but the 12 digits before it call for 6';
    expect(partyMessage('en', 'gln', api)).toBe(
      'GLN 4012345000010 has a wrong check digit: digit 13 (the last) is 0, but it should be 6.',
    );
    expect(partyMessage('fr', 'gln', api)).toContain('le chiffre 13 (le dernier) est 0, il devrait être 6');
  });

  it('keeps the API’s words after the label when no rule knows the message', () => {
    expect(
      partyMessage('en', 'address.city', 'body/address/city must NOT have more than 100 characters'),
    ).toBe('City: must NOT have more than 100 characters');
  });
});
