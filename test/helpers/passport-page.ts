// Passport pages rendered from the category examples, for the page's model and browser tests: the
// owner document as the node renders it, and tier views masked by the schemas' `x-access` marks.

import { type Lang, t } from '../../src/core/i18n.ts';
import { renderView } from '../../src/core/views.ts';
import { categorySchemas, fieldAccess } from '../../src/domain/categories/schemas/index.ts';
import { ACCESS_TIERS, SCHEMA_CATEGORIES, type SchemaCategory } from '../../src/domain/categories/types.ts';
import { qrSvg } from '../../src/domain/gs1/qr-svg.ts';
import { renderPassportDocument } from '../../src/domain/passports/document.ts';
import type { PassportStatus } from '../../src/domain/passports/lifecycle.ts';
import {
  type PassportPageInput,
  type PassportPageTier,
  passportPageModel,
} from '../../src/domain/passports/page.ts';

export const BASE_URL = 'https://dpp.example';
export const PASSPORT_ID = '7d1c1f3e-1111-4222-8333-444455556666';
export const REQUEST_ACCESS_URL = `${BASE_URL}/request-access/${PASSPORT_ID}`;
export const VERIFY_URL = `${BASE_URL}/verify/${PASSPORT_ID}`;

export const CATEGORIES = SCHEMA_CATEGORIES;

export function example(category: SchemaCategory): Record<string, unknown> {
  return structuredClone((categorySchemas[category].examples as Record<string, unknown>[])[0]) as Record<
    string,
    unknown
  >;
}

export interface DocumentOptions {
  status?: PassportStatus;
  metadata?: unknown;
  retentionUntil?: Date | null;
}

/** The owner's document of a passport holding the category's example metadata. */
export function ownerDocument(category: string, options: DocumentOptions = {}): Record<string, unknown> {
  return renderPassportDocument({
    passport: {
      id: PASSPORT_ID,
      productId: '04012345000016',
      productIdScheme: 'GTIN',
      category,
      originCountry: 'DE',
      granularity: 'model',
      status: options.status ?? 'ACTIVE',
      metadata: 'metadata' in options ? options.metadata : example(category as SchemaCategory),
      archivedAt: null,
      retentionUntil: options.retentionUntil ?? null,
      digitalSeal: null,
      signingPublicKey: null,
      proof: null,
      createdAt: new Date('2025-01-10T09:00:00Z'),
      updatedAt: new Date('2025-06-01T10:30:00Z'),
    },
    economicOperator: {
      '@type': 'EconomicOperator',
      id: '0b6f8a52-2f7d-4b57-9a38-5d1de2f7a001',
      name: 'VoltCell Europe GmbH',
      regId: 'DE123456789012345',
      regIdScheme: 'EORI',
      role: 'MANUFACTURER',
    },
    manufacturingFacility: {
      '@type': 'ManufacturingFacility',
      gln: '4012345000009',
      name: 'Wolfsburg cell plant',
      activity: 'manufacturing',
      country: 'DE',
    },
    baseUrl: BASE_URL,
  }) as unknown as Record<string, unknown>;
}

const rank = (tier: string) => ACCESS_TIERS.indexOf(tier as PassportPageTier);

function mask(
  value: unknown,
  pointer: string,
  category: SchemaCategory,
  tier: PassportPageTier,
  hidden: string[],
): unknown {
  if (Array.isArray(value))
    return value.map((item, i) => mask(item, `${pointer}/${i}`, category, tier, hidden));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const path = `${pointer}/${key}`;
    let access = fieldAccess(category, path);
    if (Array.isArray(child) && child.length > 0 && rank(fieldAccess(category, `${path}/0`)) > rank(access))
      access = fieldAccess(category, `${path}/0`);
    if (rank(access) > rank(tier)) {
      hidden.push(access);
      continue;
    }
    out[key] = mask(child, path, category, tier, hidden);
  }
  return out;
}

/** The view a caller of `tier` receives: fields above the tier removed, with the restricted marker. */
export function viewFor(document: Record<string, unknown>, tier: PassportPageTier): Record<string, unknown> {
  if (tier === 'owner') return document;
  const category = document.category as SchemaCategory;
  const hidden: string[] = [];
  const view: Record<string, unknown> = {
    ...document,
    metadata: mask(document.metadata, '', category, tier, hidden),
  };
  const tiers = (['legitimate-interest', 'authority'] as const).filter(
    (grant) => rank(grant) > rank(tier) && hidden.some((access) => rank(access) <= rank(grant)),
  );
  if (tiers.length > 0)
    view.restrictedData = {
      tiers,
      fieldCount: hidden.filter((access) => access !== 'owner').length,
      requestAccess: REQUEST_ACCESS_URL,
    };
  return view;
}

export function pageInput(
  document: Record<string, unknown>,
  tier: PassportPageTier,
  lang: Lang,
  overrides: Partial<PassportPageInput> = {},
): PassportPageInput {
  const link = String(document.digitalLinkUri ?? document.digitalProductPassportId);
  return {
    document,
    tier,
    lang,
    t: (key, params) => t(lang, key, params),
    seal: { sealed: true, sealedAt: '2025-06-01T10:31:00Z', timestamped: true },
    qrSvg: qrSvg(link, t(lang, 'passportPage.qrLabel')),
    requestAccessUrl: tier === 'owner' || tier === 'authority' ? null : REQUEST_ACCESS_URL,
    verifyUrl: VERIFY_URL,
    ...overrides,
  };
}

export function renderPage(input: PassportPageInput): string {
  return renderView('passport', passportPageModel(input));
}
