import { describe, expect, it } from 'vitest';
import { pointerSegments } from '../categories/pointer.ts';
import { accessMap, categorySchemas, fieldAccess } from '../categories/schemas/index.ts';
import {
  ACCESS_TIERS,
  type AccessTier,
  SCHEMA_CATEGORIES,
  type SchemaCategory,
} from '../categories/types.ts';
import { batteryPassportDocument, sealFixture } from '../seal/fixtures.ts';
import { sealableLeaves } from '../seal/leaves.ts';
import { sealDocument } from '../seal/seal.ts';
import { verifySealedDocument } from '../seal/verify.ts';
import { renderPassportDocument } from './document.ts';
import { maskForTier, tierAllows } from './tiers.ts';

function exampleDocument(category: string, metadata: unknown): Record<string, unknown> {
  const stamp = new Date('2025-06-01T08:00:00.000Z');
  return renderPassportDocument({
    passport: {
      id: '5d2c7a0e-2f4b-4c8e-9a61-3b7e0f9d4c21',
      productId: '04006381333931',
      productIdScheme: 'GTIN',
      category,
      originCountry: 'DE',
      granularity: 'model',
      status: 'ACTIVE',
      metadata: structuredClone(metadata),
      archivedAt: null,
      retentionUntil: null,
      digitalSeal: null,
      signingPublicKey: null,
      proof: null,
      createdAt: stamp,
      updatedAt: stamp,
    },
    economicOperator: {
      '@type': 'EconomicOperator',
      id: '9e1d3c5a-7b2f-4e60-8a14-2c6f0b9d3e57',
      name: 'VoltCell Europe GmbH',
      regId: 'DE123456789012345',
      regIdScheme: 'EORI',
      role: 'MANUFACTURER',
    },
    manufacturingFacility: {
      '@type': 'ManufacturingFacility',
      gln: '4012345000009',
      name: 'Cell plant',
      activity: 'manufacturing',
      country: 'DE',
      address: { streetAddress: 'Werkstraße 1', locality: 'Salzgitter', country: 'DE' },
    },
    baseUrl: 'https://dpp.example.com',
  }) as unknown as Record<string, unknown>;
}

/** The strictest annotation on the way to a metadata leaf: the field and each of its ancestors. */
function strictestOnPath(category: SchemaCategory, pointer: string): AccessTier {
  const segments = pointerSegments(pointer);
  let strictest: AccessTier = 'public';
  let path = '';
  for (const segment of segments) {
    path += `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    const access = fieldAccess(category, path);
    if (ACCESS_TIERS.indexOf(access) > ACCESS_TIERS.indexOf(strictest)) strictest = access;
  }
  return strictest;
}

function metadataLeaves(view: Record<string, unknown>) {
  return sealableLeaves({ metadata: view.metadata })
    .map((leaf) => leaf.path.replace(/^\/metadata/, ''))
    .filter((path) => path !== '');
}

const examples = SCHEMA_CATEGORIES.flatMap((category) =>
  ((categorySchemas[category].examples as unknown[]) ?? []).map(
    (example, index) => [category, index, example] as const,
  ),
);

describe('maskForTier over every category example', () => {
  it('has examples for all five schema categories', () => {
    expect(new Set(examples.map(([category]) => category))).toEqual(new Set(SCHEMA_CATEGORIES));
  });

  for (const [category, index, example] of examples) {
    for (const tier of ['public', 'legitimate-interest', 'authority'] as const) {
      it(`${category} example ${index}: the ${tier} view holds no field annotated above ${tier}`, () => {
        const full = exampleDocument(category, example);
        const view = maskForTier(full, tier);
        const leaves = metadataLeaves(view);
        expect(leaves.length).toBeGreaterThan(0);
        for (const path of leaves) {
          expect({ path, access: strictestOnPath(category, path) }).toSatisfy(({ access }) =>
            tierAllows(tier, access),
          );
        }
        // Nothing the tier may read was dropped: every kept-tier leaf of the full document remains.
        const kept = new Set(leaves);
        for (const path of metadataLeaves(full)) {
          if (tierAllows(tier, strictestOnPath(category, path))) expect(kept).toContain(path);
        }
        expect(JSON.stringify(view)).not.toContain('Werkstraße');
      });
    }

    it(`${category} example ${index}: the owner view is the document itself`, () => {
      const full = exampleDocument(category, example);
      expect(maskForTier(full, 'owner')).toBe(full);
    });

    it(`${category} example ${index}: the public view's marker names the tiers that show more`, () => {
      const full = exampleDocument(category, example);
      const hiddenAbovePublic = metadataLeaves(full).filter((path) => {
        const access = strictestOnPath(category, path);
        return access === 'legitimate-interest' || access === 'authority';
      });
      const view = maskForTier(full, 'public');
      if (hiddenAbovePublic.length === 0) {
        expect(view.restrictedData).toBeUndefined();
        return;
      }
      const marker = view.restrictedData as { tiers: string[]; fieldCount: number; requestAccess: string };
      expect(marker.requestAccess).toBe(`https://dpp.example.com/request-access/${full.id}`);
      expect(marker.fieldCount).toBeGreaterThan(0);
      expect(marker.tiers).toContain('authority');
    });
  }
});

describe('maskForTier', () => {
  const annotatedAuthority = accessMap('batteries').filter((entry) => entry.access === 'authority');

  it('keeps authority fields from legitimate-interest holders and shows them to authorities', () => {
    expect(annotatedAuthority.length).toBeGreaterThan(0);
    const full = batteryPassportDocument();
    const li = maskForTier(full, 'legitimate-interest');
    const authority = maskForTier(full, 'authority');
    const hasAuthorityLeaf = (view: Record<string, unknown>) =>
      metadataLeaves(view).some((path) => strictestOnPath('batteries', path) === 'authority');
    expect(hasAuthorityLeaf(full)).toBe(true);
    expect(hasAuthorityLeaf(li)).toBe(false);
    expect(hasAuthorityLeaf(authority)).toBe(true);
    expect((li.restrictedData as { tiers: string[] }).tiers).toEqual(['authority']);
  });

  it('never advertises owner-only fields: the authority view carries no marker', () => {
    const full = batteryPassportDocument();
    (full.metadata as Record<string, unknown>).internalNotes = 'margin 12 %';
    const view = maskForTier(full, 'authority');
    expect(view.restrictedData).toBeUndefined();
    expect(JSON.stringify(view)).not.toContain('margin 12 %');
  });

  it('does not modify the document it masks', () => {
    const full = batteryPassportDocument();
    const before = structuredClone(full);
    maskForTier(full, 'public');
    expect(full).toEqual(before);
  });

  it('treats rule-checked categories as public but still drops facility streets', () => {
    const full = exampleDocument('toys', {
      ageGroup: '3+',
      manufacturingPlace: { name: 'Plant', streetAddress: 'Hauptstraße 9' },
    });
    const view = maskForTier(full, 'public');
    expect(view.metadata).toEqual({ ageGroup: '3+', manufacturingPlace: { name: 'Plant' } });
    expect(view.restrictedData).toBeUndefined();
  });

  it('keeps a sealed document verifiable offline in every masked view', async () => {
    const { ca, key, certificatePem } = await sealFixture();
    const unsealed = batteryPassportDocument();
    const seal = await sealDocument(unsealed, {
      passportId: String(unsealed.id),
      version: 1,
      sealedAt: new Date(Date.now() - 1000),
      key,
      certificatePem,
    });
    const full = { ...unsealed, ...seal } as Record<string, unknown>;
    for (const tier of ['public', 'legitimate-interest', 'authority'] as const) {
      const view = maskForTier(full, tier);
      const proof = view.proof as { redactedLeaves: Record<string, string> };
      if (tier !== 'authority') expect(Object.keys(proof.redactedLeaves).length).toBeGreaterThan(0);
      const result = await verifySealedDocument(JSON.parse(JSON.stringify(view)), {
        caCertificatePem: ca.certificatePem,
      });
      expect(result).toMatchObject({ valid: true, reasons: [] });
    }
  });
});
