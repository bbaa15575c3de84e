import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../categories/types.ts';
import { BASE_URL, exampleMetadata, samplePassport } from '../passports/samples.ts';
import { sealFixture } from '../seal/fixtures.ts';
import { sealDocument, verifySealedDocument } from '../seal/index.ts';
import { maskedProof } from '../seal/mask.ts';
import { environmentToDocument, environmentToPassport } from './from-environment.ts';
import type { Json } from './json-elements.ts';
import { passportToEnvironment } from './to-environment.ts';
import { validateEnvironment } from './validate.ts';

/** Out and back in, through JSON text as an integrator would send it. */
function roundTrip(document: Record<string, unknown>) {
  const text = JSON.stringify(passportToEnvironment(document, { baseUrl: BASE_URL }));
  return environmentToPassport(JSON.parse(text));
}

// Strings a JSON body may carry: any well-formed UTF-16 without NUL, control characters included
// (those travel base64-encoded, since AAS text cannot hold them).
const text = fc
  .string({ unit: 'binary', maxLength: 12 })
  .filter((s) => (s as string & { isWellFormed(): boolean }).isWellFormed() && !s.includes('\u0000'));
const key = fc.oneof(
  text,
  fc.constantFrom('@id', '@type', 'a-b', '0', 'x', 'item', '__proto__', '~/', 'k_2'),
);
const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    text,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;

const fixture = await sealFixture();

describe('passportToEnvironment', () => {
  it.each(CATEGORIES)('maps the %s example to an environment that verifies with zero errors', (category) => {
    const environment = passportToEnvironment(samplePassport(category), { baseUrl: BASE_URL });
    const result = validateEnvironment(environment);
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('names the product by its Digital Link URI and gives model passports a type asset', () => {
    const environment = passportToEnvironment(samplePassport('batteries'), { baseUrl: BASE_URL }) as {
      assetAdministrationShells: { id: string; assetInformation: unknown; submodels: unknown[] }[];
      submodels: { idShort: string; semanticId: { keys: { value: string }[] } }[];
    };
    const [shell] = environment.assetAdministrationShells;
    expect(shell?.id).toBe(`${BASE_URL}/passport/5d2c7a0e-2f4b-4c8e-9a61-3b7e0f9d4c21/aas`);
    expect(shell?.assetInformation).toEqual({
      assetKind: 'Type',
      globalAssetId: `${BASE_URL}/01/04006381333931`,
    });
    expect(shell?.submodels).toHaveLength(environment.submodels.length);
    expect(environment.submodels.map((s) => [s.idShort, s.semanticId.keys[0]?.value])).toEqual([
      ['Nameplate', 'https://admin-shell.io/zvei/nameplate/2/0/Nameplate'],
      ['CarbonFootprint', 'https://admin-shell.io/idta/CarbonFootprint/CarbonFootprint/0/9'],
      [
        'GeneralProductInformation',
        'urn:samm:io.BatteryPass.GeneralProductInformation:1.2.0#GeneralProductInformation',
      ],
      [
        'CarbonFootprintForBatteries',
        'urn:samm:io.BatteryPass.CarbonFootprint:1.2.0#CarbonFootprintForBatteries',
      ],
      ['Circularity', 'urn:samm:io.BatteryPass.Circularity:1.2.0#Circularity'],
      ['Labeling', 'urn:samm:io.BatteryPass.Labels:1.2.0#Labeling'],
      ['MaterialComposition', 'urn:samm:io.BatteryPass.MaterialComposition:1.2.0#MaterialComposition'],
      ['PerformanceAndDurability', 'urn:samm:io.BatteryPass.Performance:1.2.1#PerformanceAndDurability'],
      [
        'SupplyChainDueDiligence',
        'urn:samm:io.BatteryPass.SupplyChainDueDiligence:1.2.0#SupplyChainDueDiligence',
      ],
      ['DigitalProductPassport', 'urn:opendpp:aas:passport-document:1'],
    ]);
  });

  it('fills the nameplate and the carbon footprint from the passport', () => {
    const environment = passportToEnvironment(samplePassport('batteries'), { baseUrl: BASE_URL }) as {
      submodels: { idShort: string; submodelElements: Record<string, unknown>[] }[];
    };
    const nameplate = environment.submodels.find((s) => s.idShort === 'Nameplate');
    expect(nameplate?.submodelElements).toContainEqual({
      modelType: 'MultiLanguageProperty',
      idShort: 'ManufacturerProductDesignation',
      semanticId: {
        type: 'ExternalReference',
        keys: [{ type: 'GlobalReference', value: '0173-1#02-AAW338#001' }],
      },
      value: [{ language: 'en', text: 'VoltPack 75 NMC' }],
    });
    const footprint = environment.submodels.find((s) => s.idShort === 'CarbonFootprint');
    expect(footprint?.submodelElements[0]).toMatchObject({
      idShort: 'ProductCarbonFootprint',
      value: [{ idShort: 'PCFCO2eq', valueType: 'xs:double', value: '68.4' }],
    });
  });

  it('writes a value a template holds once, and points at it from the passport submodel', () => {
    const environment = passportToEnvironment(samplePassport('textiles'), { baseUrl: BASE_URL }) as {
      submodels: { id: string; idShort: string; submodelElements: Record<string, unknown>[] }[];
    };
    const [nameplate] = environment.submodels;
    const passport = environment.submodels.at(-1);
    expect(nameplate?.submodelElements.find((e) => e.idShort === 'CountryOfOrigin')).toMatchObject({
      value: 'DE',
    });
    expect(passport?.submodelElements.find((e) => e.idShort === 'originCountry')).toEqual({
      modelType: 'ReferenceElement',
      idShort: 'originCountry',
      value: {
        type: 'ModelReference',
        keys: [
          { type: 'Submodel', value: nameplate?.id },
          { type: 'Property', value: 'CountryOfOrigin' },
        ],
      },
    });
  });

  it('keeps keys that are not idShorts in a qualifier', () => {
    const environment = passportToEnvironment(samplePassport('toys'), { baseUrl: BASE_URL }) as {
      submodels: { submodelElements: Record<string, unknown>[] }[];
    };
    const members = environment.submodels.at(-1)?.submodelElements ?? [];
    expect(members.slice(0, 3).map((e) => [e.idShort, e.qualifiers])).toEqual([
      ['context', [{ type: 'opendpp:jsonKey', valueType: 'xs:string', value: '@context' }]],
      ['type', [{ type: 'opendpp:jsonKey', valueType: 'xs:string', value: '@type' }]],
      ['id_2', [{ type: 'opendpp:jsonKey', valueType: 'xs:string', value: '@id' }]],
    ]);
  });
});

describe('environmentToPassport', () => {
  it.each(CATEGORIES)('gives back the %s example exactly, with its write body', (category) => {
    const document = samplePassport(category);
    const result = roundTrip(document);
    expect(result).toEqual({
      ok: true,
      document,
      body: {
        productId: '04006381333931',
        category,
        originCountry: 'DE',
        granularity: 'model',
        metadata: exampleMetadata(category),
      },
      sealed: false,
    });
    if (result.ok) expect(JSON.stringify(result.document)).toBe(JSON.stringify(document));
  });

  it('keeps any JSON in the metadata, with its types, keys and order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CATEGORIES),
        json,
        fc.option(fc.constantFrom('GTIN', 'SKU', 'GRAI')),
        (category, extra, scheme) => {
          const metadata = { ...exampleMetadata(category), extra };
          const document = samplePassport(category, {
            metadata,
            ...(scheme
              ? { productIdScheme: scheme, productId: scheme === 'GRAI' ? '04006381333931A/B' : 'SKU 1' }
              : {}),
          });
          const environment = passportToEnvironment(document, { baseUrl: BASE_URL });
          const validation = validateEnvironment(JSON.parse(JSON.stringify(environment)));
          expect(validation.ok ? [] : validation.errors).toEqual([]);
          const result = environmentToDocument(JSON.parse(JSON.stringify(environment)));
          expect(result.ok && JSON.stringify(result.document)).toBe(JSON.stringify(document));
          expect(result.ok && result.document).toEqual(document);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps any metadata object whole, whatever its keys', () => {
    fc.assert(
      fc.property(fc.dictionary(key, json, { maxKeys: 6 }), (metadata) => {
        const document = samplePassport('toys', { metadata });
        const result = roundTrip(document);
        expect(result.ok && result.document).toEqual(document);
      }),
      { numRuns: 150 },
    );
  });

  it('carries a seal so that the ingested document verifies, and refuses one changed value', async () => {
    for (const category of CATEGORIES) {
      const document = samplePassport(category);
      const fields = await sealDocument(document, {
        passportId: document.id as string,
        version: 1,
        sealedAt: new Date(Date.now() - 60_000),
        key: fixture.key,
        certificatePem: fixture.certificatePem,
      });
      const sealed = { ...document, ...fields };
      const environment = passportToEnvironment(sealed, { baseUrl: BASE_URL });
      const result = environmentToPassport(JSON.parse(JSON.stringify(environment)));
      expect(result.ok && result.sealed).toBe(true);
      if (!result.ok) return;
      expect(result.document).toEqual(sealed);
      const verdict = await verifySealedDocument(result.document, {
        caCertificatePem: fixture.ca.certificatePem,
      });
      expect(verdict.reasons).toEqual([]);
      expect(verdict.valid).toBe(true);

      const tampered = JSON.stringify(environment).replace('"value":"DE"', '"value":"FR"');
      expect(tampered).not.toBe(JSON.stringify(environment));
      const changed = environmentToPassport(JSON.parse(tampered));
      if (!changed.ok) throw new Error('a changed value is still a well-formed environment');
      const refused = await verifySealedDocument(changed.document, {
        caCertificatePem: fixture.ca.certificatePem,
      });
      expect(refused.valid).toBe(false);
      expect(refused.checks.merkleRoot).toBe(false);
    }
  });

  it('round-trips sealed documents with generated metadata', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CATEGORIES),
        fc.dictionary(key, json, { maxKeys: 3 }),
        async (category, extra) => {
          const document = samplePassport(category, { metadata: { ...exampleMetadata(category), ...extra } });
          const fields = await sealDocument(document, {
            passportId: document.id as string,
            version: 2,
            sealedAt: new Date(Date.now() - 60_000),
            key: fixture.key,
            certificatePem: fixture.certificatePem,
          });
          const sealed = { ...document, ...fields };
          const result = environmentToDocument(
            JSON.parse(JSON.stringify(passportToEnvironment(sealed, { baseUrl: BASE_URL }))),
          );
          expect(result.ok && result.document).toEqual(sealed);
          if (result.ok) expect((await verifySealedDocument(result.document)).valid).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('carries a masked view whole, but refuses to write it', async () => {
    const document = samplePassport('batteries');
    const sealed = {
      ...document,
      ...(await sealDocument(document, {
        passportId: document.id as string,
        version: 1,
        sealedAt: new Date(Date.now() - 60_000),
        key: fixture.key,
        certificatePem: fixture.certificatePem,
      })),
    };
    const { metadata, ...rest } = sealed as unknown as Record<string, unknown> & {
      metadata: Record<string, unknown>;
    };
    const { internalNotes: _hidden, ...shown } = metadata;
    const view = {
      ...rest,
      metadata: shown,
      restrictedData: { available: true, fields: ['/metadata/internalNotes'] },
    };
    const masked = { ...view, proof: maskedProof(sealed, view) };
    const environment = JSON.parse(JSON.stringify(passportToEnvironment(masked, { baseUrl: BASE_URL })));
    const read = environmentToDocument(environment);
    expect(read.ok && read.document).toEqual(masked);
    if (read.ok) expect((await verifySealedDocument(read.document)).valid).toBe(true);
    const written = environmentToPassport(environment);
    expect(written).toMatchObject({ ok: false, errors: [{ message: expect.stringMatching(/masked view/) }] });
  });

  it('answers a malformed environment with the path of each problem', () => {
    expect(environmentToPassport({ submodels: [{ modelType: 'Submodel' }] })).toEqual({
      ok: false,
      errors: [{ path: '/submodels/0', message: expect.stringMatching(/id/) }],
    });
    expect(environmentToPassport({})).toEqual({
      ok: false,
      errors: [{ path: '/submodels', message: expect.stringMatching(/No submodel/) }],
    });
    expect(environmentToPassport([])).toMatchObject({ ok: false, errors: [{ path: '' }] });
  });

  it('names a broken template link and an element that cannot hold a value', () => {
    const environment = passportToEnvironment(samplePassport('textiles'), { baseUrl: BASE_URL }) as {
      submodels: { idShort: string; submodelElements: Record<string, unknown>[] }[];
    };
    const nameplate = environment.submodels[0];
    if (!nameplate) throw new Error('a nameplate');
    nameplate.submodelElements = nameplate.submodelElements.filter((e) => e.idShort !== 'CountryOfOrigin');
    const result = environmentToPassport(environment);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toEqual([
        {
          path: expect.stringMatching(/^\/submodels\/\d+\/submodelElements\/\d+\/value\/keys\/1$/),
          message: expect.stringMatching(/CountryOfOrigin/),
        },
      ]);
    }
    const other = passportToEnvironment(samplePassport('toys'), { baseUrl: BASE_URL }) as {
      submodels: { submodelElements: Record<string, unknown>[] }[];
    };
    other.submodels
      .at(-1)
      ?.submodelElements.push({ modelType: 'Range', idShort: 'span', valueType: 'xs:int', min: '1' });
    expect(environmentToPassport(other)).toEqual({
      ok: false,
      errors: [
        {
          path: `/submodels/${other.submodels.length - 1}/submodelElements/${(other.submodels.at(-1)?.submodelElements.length ?? 0) - 1}`,
          message: 'A Range cannot stand for a passport value',
        },
      ],
    });
  });

  it('refuses a passport without productId, category or metadata', () => {
    const document = samplePassport('toys');
    delete document.productId;
    delete document.metadata;
    const result = environmentToPassport(passportToEnvironment(document, { baseUrl: BASE_URL }));
    expect(result).toMatchObject({
      ok: false,
      errors: [{ message: 'The passport has no productId' }, { message: 'The passport has no metadata' }],
    });
  });
});
