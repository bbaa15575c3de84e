import { describe, expect, it } from 'vitest';
import { didWebFor } from './did-web.ts';
import { buildDppCredential, type DppCredentialInput } from './dpp-credential.ts';
import { ALL_CATEGORIES, BASE_URL, passportDocument, TENANT_ID } from './fixtures.ts';
import { credentialContextUrl } from './metadata-context.ts';
import { UNTP_DPP_CONTEXT } from './untp.ts';

const did = didWebFor(BASE_URL, TENANT_ID);
const LIST = `${BASE_URL}/tenants/${TENANT_ID}/status/revocation`;
const base = (overrides: Partial<DppCredentialInput> = {}): DppCredentialInput => ({
  passport: passportDocument('batteries'),
  tier: 'owner',
  issuerDid: did,
  metadataContextUrl: credentialContextUrl(BASE_URL),
  statusEntry: { listUrl: LIST, index: 12 },
  validFrom: '2026-03-02T10:00:00Z',
  ...overrides,
});

describe('buildDppCredential', () => {
  it('is a VC 2.0 UNTP passport credential issued by the workspace DID, with a revocation entry', () => {
    const credential = buildDppCredential(base({ version: 4 }));
    expect(credential['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      UNTP_DPP_CONTEXT,
      `${BASE_URL}/contexts/dpp/credential/v1`,
    ]);
    expect(credential.type).toEqual(['DigitalProductPassport', 'VerifiableCredential']);
    expect(credential.id).toBe(`${BASE_URL}/passport/3f1c8d0e-5b7a-4c2e-9f10-2a3b4c5d6e7f#vc-v4-owner`);
    expect(credential.issuer).toEqual({ type: ['CredentialIssuer'], id: did, name: 'Voltaic Cells SE' });
    expect(credential.validFrom).toBe('2026-03-02T10:00:00Z');
    expect(credential.credentialStatus).toMatchObject({ statusListIndex: '12', statusListCredential: LIST });
  });

  it('maps the passport header to the UNTP product', () => {
    const { product, granularityLevel, id } = buildDppCredential(base()).credentialSubject;
    expect(id).toBe(`${BASE_URL}/passport/3f1c8d0e-5b7a-4c2e-9f10-2a3b4c5d6e7f`);
    expect(granularityLevel).toBe('model');
    expect(product).toMatchObject({
      id: `${BASE_URL}/01/09520123456788`,
      name: 'VoltPack 75 NMC',
      registeredId: '09520123456788',
      idScheme: { id: 'https://id.gs1.org/01/' },
      producedByParty: { id: 'urn:opendpp:operator:EORI:DE987654321', registeredId: 'EORI:DE987654321' },
      producedAtFacility: { id: 'https://id.gs1.org/414/4012345000009', name: 'Cell plant Leipzig' },
      countryOfProduction: 'DE',
      dimensions: { weight: { value: 452.5, unit: 'KGM' } },
      productCategory: [{ id: `${BASE_URL}/api/v1/schemas/batteries`, code: 'batteries' }],
    });
  });

  it('declares the battery carbon footprint as a claim under the Battery Regulation', () => {
    const [claim] = buildDppCredential(base()).credentialSubject.conformityClaim ?? [];
    expect(claim).toMatchObject({
      conformityTopic: 'environment.emissions',
      conformance: true,
      declaredValue: [{ metricName: 'carbon footprint', metricValue: { value: 68.4, unit: 'kgCO2e/kWh' } }],
      referenceRegulation: { id: 'https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32023R1542' },
    });
  });

  it('carries only what the tier shows: a masked field is absent from the credential', () => {
    const document = passportDocument('batteries');
    const metadata = structuredClone(document.metadata) as Record<string, Record<string, unknown>>;
    delete metadata.materialComposition?.detailedComposition;
    delete metadata.batteryCondition;
    const publicCredential = buildDppCredential(
      base({ passport: { ...document, metadata }, tier: 'public' }),
    );
    const ownerCredential = buildDppCredential(base());
    const names = (c: typeof ownerCredential) =>
      (c.credentialSubject.materialsProvenance ?? []).map((m) => m.name);
    expect(names(ownerCredential).length).toBeGreaterThan(names(publicCredential).length);
    expect(JSON.stringify(publicCredential)).not.toContain('batteryCondition');
    expect(publicCredential.id.endsWith('#vc-public')).toBe(true);
  });

  it('makes the item the subject of a unit credential and links its model passport', () => {
    const credential = buildDppCredential(
      base({
        unit: {
          id: 'u1',
          serialNumber: 'SN-1',
          digitalLinkUri: `${BASE_URL}/01/09520123456788/21/SN-1`,
          unitUrl: `${BASE_URL}/unit/u1`,
          manufacturedAt: '2026-02-01T08:00:00.000Z',
        },
      }),
    );
    const subject = credential.credentialSubject;
    expect(subject.id).toBe(`${BASE_URL}/unit/u1`);
    expect(subject.granularityLevel).toBe('item');
    expect(subject.product).toMatchObject({
      id: `${BASE_URL}/01/09520123456788/21/SN-1`,
      serialNumber: 'SN-1',
      productionDate: '2026-02-01',
      furtherInformation: [
        { linkURL: `${BASE_URL}/passport/3f1c8d0e-5b7a-4c2e-9f10-2a3b4c5d6e7f`, linkName: 'Model passport' },
      ],
    });
  });

  it('carries every entry it is given, as an array: one in the revocation list, one in the suspension list', () => {
    const SUSPENSION = LIST.replace(/revocation$/, 'suspension');
    const credential = buildDppCredential(
      base({
        statusEntry: [
          { listUrl: LIST, index: 12, purpose: 'revocation' },
          { listUrl: SUSPENSION, index: 12, purpose: 'suspension' },
        ],
      }),
    );
    expect(credential.credentialStatus).toEqual([
      expect.objectContaining({ id: `${LIST}#12`, statusListIndex: '12', statusPurpose: 'revocation' }),
      expect.objectContaining({ id: `${SUSPENSION}#12`, statusListIndex: '12', statusPurpose: 'suspension' }),
    ]);
    expect(() => buildDppCredential(base({ statusEntry: [] }))).toThrow(RangeError);
  });

  it('names a SKU product by the operator scheme, and the name falls back to the product id', () => {
    const document = {
      ...passportDocument('toys', {}),
      productIdScheme: ['SKU'],
      uniqueProductIdentifier: `${BASE_URL}/passport/x`,
    };
    const { product } = buildDppCredential(base({ passport: document })).credentialSubject;
    expect(product.name).toBe('09520123456788');
    expect(product.idScheme).toMatchObject({ id: 'urn:opendpp:operator:EORI:DE987654321' });
  });

  it("writes percentages as fractions and keeps a claim's stated conformance", () => {
    const textiles = buildDppCredential(base({ passport: passportDocument('textiles') })).credentialSubject;
    for (const material of textiles.materialsProvenance ?? []) {
      expect(material.massFraction).toBeGreaterThan(0);
      expect(material.massFraction).toBeLessThanOrEqual(1);
    }
    const document = passportDocument('electronics');
    const metadata = structuredClone(document.metadata) as { substances: { rohsCompliant: boolean } };
    metadata.substances.rohsCompliant = false;
    const electronics = buildDppCredential(base({ passport: { ...document, metadata } })).credentialSubject;
    const rohs = electronics.conformityClaim?.find((claim) => claim.id.endsWith('#rohs'));
    expect(rohs).toMatchObject({ conformance: false, conformityTopic: 'governance.compliance' });
  });

  it('leaves the metadata and its context out when no metadata context is given', () => {
    const credential = buildDppCredential(base({ metadataContextUrl: undefined }));
    expect(credential['@context']).toHaveLength(2);
    expect(credential.credentialSubject.metadata).toBeUndefined();
  });

  it.each([...ALL_CATEGORIES])('builds a %s credential with a product name from its metadata', (category) => {
    const credential = buildDppCredential(base({ passport: passportDocument(category) }));
    expect(credential.credentialSubject.product.name).not.toBe('09520123456788');
    expect(credential.credentialSubject.metadata).toEqual(passportDocument(category).metadata);
  });

  it('refuses an issuer that is not a DID and a validFrom without offset', () => {
    expect(() => buildDppCredential(base({ issuerDid: 'https://example.com' }))).toThrow(TypeError);
    expect(() => buildDppCredential(base({ validFrom: '2026-03-02T10:00:00' }))).toThrow(TypeError);
    expect(() => buildDppCredential(base({ validFrom: new Date(0).toISOString() }))).not.toThrow();
  });

  it('names the issuer as the caller says, the operator otherwise', () => {
    expect(buildDppCredential(base({ issuerName: 'Acme workspace' })).issuer.name).toBe('Acme workspace');
  });
});
