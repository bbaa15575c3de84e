import { describe, expect, it } from 'vitest';
import { ALL_CATEGORIES, passportDocument } from './fixtures.ts';
import { passportReadiness, vcReadiness } from './readiness.ts';

const sealed = (category = 'batteries' as (typeof ALL_CATEGORIES)[number]) => ({
  ...passportDocument(category),
  digitalSeal: { value: 'sealed' },
});

describe('vcReadiness', () => {
  it.each([...ALL_CATEGORIES])(
    'a sealed, complete %s example passport is ready in every form with nothing missing',
    (category) => {
      const item = passportReadiness(sealed(category), { hasSigningKey: true });
      expect(item.forms).toEqual({ 'vc+jwt': true, 'vc+ld+json': true, 'dc+sd-jwt': true });
      expect(item.missing.filter((gap) => gap.code !== 'UNTP_FIELD_MISSING')).toEqual([]);
    },
  );

  it('a battery example maps to every UNTP field we fill', () => {
    expect(passportReadiness(sealed(), { hasSigningKey: true })).toMatchObject({
      complete: true,
      missing: [],
    });
  });

  it('blocks issuance without a signing key, for a draft and without an operator identifier', () => {
    const draft = {
      ...sealed(),
      status: 'DRAFT',
      economicOperator: { ...sealed().economicOperator, regId: '' },
    };
    const item = passportReadiness(draft, { hasSigningKey: false });
    expect(item.forms).toEqual({ 'vc+jwt': false, 'vc+ld+json': false, 'dc+sd-jwt': false });
    expect(item.missing.filter((gap) => gap.blocking).map((gap) => gap.code)).toEqual([
      'NO_SIGNING_KEY',
      'NOT_PUBLISHED',
      'NO_OPERATOR_IDENTIFIER',
    ]);
  });

  it('lists an unsealed passport and the UNTP fields its metadata lacks without blocking it', () => {
    const bare = { ...passportDocument('textiles', {}), manufacturingFacility: null };
    const item = passportReadiness(bare, { hasSigningKey: true });
    expect(item.forms['vc+jwt']).toBe(true);
    expect(item.complete).toBe(false);
    expect(item.missing.map((gap) => gap.field ?? gap.code)).toEqual([
      'NOT_SEALED',
      '/credentialSubject/product/name',
      '/credentialSubject/product/description',
      '/credentialSubject/conformityClaim',
      '/credentialSubject/materialsProvenance',
      '/credentialSubject/circularityScorecard',
      '/credentialSubject/product/producedAtFacility',
    ]);
  });

  it('totals the catalog', () => {
    const report = vcReadiness(
      [sealed(), { ...sealed(), status: 'DRAFT' }, { ...passportDocument('toys', {}), digitalSeal: null }],
      { hasSigningKey: true },
    );
    expect(report.totals).toEqual({
      passports: 3,
      ready: { 'vc+jwt': 2, 'vc+ld+json': 2, 'dc+sd-jwt': 2 },
      complete: 1,
      gaps: { NOT_PUBLISHED: 1, NOT_SEALED: 1, UNTP_FIELD_MISSING: 1 },
    });
  });
});
