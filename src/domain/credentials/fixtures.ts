// Passport documents for the credential tests: the real renderer over each category's example
// metadata, so the tests see the shapes the service serves.
import { RULE_SETS } from '../categories/rules/index.ts';
import { categorySchemas } from '../categories/schemas/index.ts';
import {
  CATEGORIES,
  type Category,
  RULE_CATEGORIES,
  type RuleCategory,
  type SchemaCategory,
} from '../categories/types.ts';
import { renderPassportDocument } from '../passports/document.ts';

export const BASE_URL = 'https://dpp.example.com';
export const TENANT_ID = '8b0f5f8e-2f7c-4a51-9a54-0c6f1f0f2a11';

export function exampleMetadata(category: Category): unknown {
  if ((RULE_CATEGORIES as readonly string[]).includes(category)) {
    const example = RULE_SETS[category as RuleCategory].examples.find(
      (item) => item.expectedErrors.length === 0,
    );
    return structuredClone(example?.metadata);
  }
  const examples = categorySchemas[category as SchemaCategory].examples as unknown[];
  return structuredClone(examples[0]);
}

export function passportDocument(category: Category = 'batteries', metadata = exampleMetadata(category)) {
  return renderPassportDocument({
    passport: {
      id: '3f1c8d0e-5b7a-4c2e-9f10-2a3b4c5d6e7f',
      productId: '09520123456788',
      productIdScheme: 'GTIN',
      category,
      originCountry: 'DE',
      granularity: 'model',
      status: 'ACTIVE',
      metadata,
      archivedAt: null,
      retentionUntil: null,
      digitalSeal: null,
      signingPublicKey: null,
      proof: null,
      createdAt: new Date('2026-03-01T10:00:00Z'),
      updatedAt: new Date('2026-03-02T10:00:00Z'),
    },
    economicOperator: {
      '@type': 'EconomicOperator',
      id: 'b5d7f1a2-0c3e-4f5a-8b9c-1d2e3f4a5b6c',
      name: 'Voltaic Cells SE',
      regId: 'DE987654321',
      regIdScheme: 'EORI',
      role: 'MANUFACTURER',
      country: 'DE',
    },
    manufacturingFacility: {
      '@type': 'ManufacturingFacility',
      gln: '4012345000009',
      name: 'Cell plant Leipzig',
      activity: 'assembly',
      country: 'DE',
    },
    baseUrl: BASE_URL,
  });
}

export const ALL_CATEGORIES = CATEGORIES;
