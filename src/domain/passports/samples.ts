// Each category's own valid example (the console starts new passports from it), and, for tests and
// benches, passport documents of every category rendered as the owner reads them from it.
import { RULE_SETS } from '../categories/rules/index.ts';
import { categorySchemas } from '../categories/schemas/index.ts';
import {
  type Category,
  RULE_CATEGORIES,
  type RuleCategory,
  type SchemaCategory,
} from '../categories/types.ts';
import { renderPassportDocument } from './document.ts';

export const BASE_URL = 'https://dpp.example.eu';

export function exampleMetadata(category: Category): Record<string, unknown> {
  const example = (RULE_CATEGORIES as readonly string[]).includes(category)
    ? RULE_SETS[category as RuleCategory].examples[0]?.metadata
    : (categorySchemas[category as SchemaCategory].examples as unknown[])[0];
  return structuredClone(example) as Record<string, unknown>;
}

export interface SampleOptions {
  productId?: string;
  productIdScheme?: 'GTIN' | 'GRAI' | 'SKU';
  granularity?: string;
  metadata?: unknown;
  originCountry?: string | null;
  baseUrl?: string;
}

export function samplePassport(category: Category, options: SampleOptions = {}): Record<string, unknown> {
  const stamp = new Date('2025-06-01T08:00:00.000Z');
  // The document model has no index signature; samples are handed on as plain records.
  return renderPassportDocument({
    passport: {
      id: '5d2c7a0e-2f4b-4c8e-9a61-3b7e0f9d4c21',
      productId: options.productId ?? '04006381333931',
      productIdScheme: options.productIdScheme ?? 'GTIN',
      category,
      originCountry: options.originCountry === undefined ? 'DE' : options.originCountry,
      granularity: options.granularity ?? 'model',
      status: 'ACTIVE',
      metadata: options.metadata ?? exampleMetadata(category),
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
      country: 'DE',
    },
    manufacturingFacility: {
      '@type': 'ManufacturingFacility',
      gln: '4012345000009',
      name: 'Cell plant Salzgitter',
      activity: 'manufacturing',
      country: 'DE',
    },
    baseUrl: options.baseUrl ?? BASE_URL,
  }) as unknown as Record<string, unknown>;
}
