import { describe, expect, it } from 'vitest';
import { accessMap, categorySchemas } from '../categories/schemas/index.ts';
import { type AccessTier, SCHEMA_CATEGORIES } from '../categories/types.ts';
import { batteryPassportDocument, sealFixture } from '../seal/fixtures.ts';
import { sealDocument, verifySealedDocument } from '../seal/index.ts';
import { rankOf, tierView } from './tier-view.ts';

const REQUEST = 'https://dpp.example.test/request-access/x';

/** Every pointer (array items as `*`) present in a metadata value. */
function pointersOf(value: unknown, pointer = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => pointersOf(item, `${pointer}/*`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, child]) => [
    `${pointer}/${name}`,
    ...pointersOf(child, `${pointer}/${name}`),
  ]);
}

const documentOf = (category: string, metadata: unknown) => ({
  ...batteryPassportDocument(),
  category,
  metadata,
  manufacturingFacility: { name: 'Plant', address: { streetAddress: 'Werkstraße 1' } },
});

describe('tierView', () => {
  for (const category of SCHEMA_CATEGORIES) {
    const examples = (categorySchemas[category].examples as unknown[]) ?? [];
    for (const tier of ['public', 'legitimate-interest', 'authority'] as AccessTier[]) {
      it(`${category}: the ${tier} view holds no field annotated above ${tier}`, () => {
        const above = new Set(
          accessMap(category)
            .filter((entry) => rankOf(entry.access) > rankOf(tier))
            .map((entry) => entry.pointer),
        );
        for (const example of examples) {
          const view = tierView(documentOf(category, structuredClone(example)), tier, {
            requestAccessUrl: REQUEST,
          });
          const shown = pointersOf(view.metadata);
          expect(shown.filter((pointer) => above.has(pointer))).toEqual([]);
          expect(view.manufacturingFacility).toEqual({ name: 'Plant' });
          expect(view.restrictedData).toMatchObject({ requestAccess: REQUEST });
        }
      });
    }
  }

  it('leaves the owner document as it is, with no marker', () => {
    const document = batteryPassportDocument();
    expect(tierView(document, 'owner', { requestAccessUrl: REQUEST })).toBe(document);
  });

  it('says which requestable tiers hold more and how many fields are held back', () => {
    const view = tierView(batteryPassportDocument(), 'public', { requestAccessUrl: REQUEST });
    const marker = view.restrictedData as { tiers: string[]; fieldCount: number };
    expect(marker.fieldCount).toBeGreaterThan(0);
    expect(marker.tiers.length).toBeGreaterThan(0);
    expect(marker.tiers.every((tier) => ['legitimate-interest', 'authority'].includes(tier))).toBe(true);
  });

  it("keeps a sealed passport's views verifiable offline", async () => {
    const fixture = await sealFixture();
    const document = batteryPassportDocument();
    const sealed = {
      ...document,
      ...(await sealDocument(document, {
        passportId: document.id as string,
        version: 1,
        sealedAt: new Date(),
        key: fixture.key,
        certificatePem: fixture.certificatePem,
      })),
    };
    for (const tier of ['public', 'legitimate-interest', 'authority'] as AccessTier[]) {
      const view = tierView(sealed, tier, { requestAccessUrl: REQUEST });
      const result = await verifySealedDocument(view, { caCertificatePem: fixture.ca.certificatePem });
      expect(result.reasons).toEqual([]);
      expect(result.valid).toBe(true);
    }
  });

  it('serves the view of a document its proof does not cover unsealed, instead of failing', async () => {
    const fixture = await sealFixture();
    const document: Record<string, unknown> = {
      ...batteryPassportDocument(),
      manufacturingFacility: { gln: '4012345000009' },
    };
    const seal = await sealDocument(document, {
      passportId: document.id as string,
      version: 1,
      sealedAt: new Date(),
      key: fixture.key,
      certificatePem: fixture.certificatePem,
    });
    // The facility has gone since sealing: `/manufacturingFacility` is a value without a salt.
    const drifted = { ...document, ...seal, manufacturingFacility: null };
    for (const tier of ['public', 'legitimate-interest', 'authority'] as AccessTier[]) {
      const view = tierView(drifted, tier, { requestAccessUrl: REQUEST });
      expect(view).toMatchObject({ digitalSeal: null, signingPublicKey: null, proof: null });
      expect(view.restrictedData).toBeDefined();
    }
  });

  it('reads the metadata of rule-checked categories as public instead of failing', () => {
    const document = { ...batteryPassportDocument(), category: 'toys', metadata: { ageGroup: '3+' } };
    for (const tier of ['public', 'legitimate-interest', 'authority'] as AccessTier[]) {
      const view = tierView(document, tier, { requestAccessUrl: REQUEST });
      expect(view.metadata).toEqual({ ageGroup: '3+' });
    }
  });
});
