// Which passport granularities each category is expected at. A different one is allowed (it is a
// warning, not an error) because delegated acts may still refine it; see docs/advisories.md.
import { advisory } from './advisories.ts';
import type { AdvisoryItem, Category, Granularity } from './types.ts';

export const EXPECTED_GRANULARITY: Readonly<Record<Category, readonly Granularity[]>> = {
  // Textiles: ESPR working plan; passports per model, or per batch where composition varies by lot.
  textiles: ['model', 'batch'],
  // Batteries: Annex XIII passports are per model here; individual batteries are serialised units
  // under the model passport, so an item-level passport would duplicate them.
  batteries: ['model'],
  // Electronics: per model, or per serial-numbered device for repair and refurbishment history.
  electronics: ['model', 'item'],
  // Chemicals: per product, or per batch when concentrations are batch specific.
  chemicals: ['model', 'batch'],
  // Construction products: the CPR declaration of performance is per product type.
  construction: ['model'],
  // Cosmetics: per product, or per batch (the batch number is a labelling particular).
  cosmetics: ['model', 'batch'],
  // Toys: per toy type, or per batch (type/batch number on the label).
  toys: ['model', 'batch'],
  // Steel: per heat/cast (batch) or per coil or plate with its own identifier (item).
  'iron-steel': ['batch', 'item'],
  // Aluminium: per cast/lot (batch) or per identified coil, billet or profile bundle (item).
  aluminium: ['batch', 'item'],
};

export function checkGranularity(category: Category, granularity: Granularity | undefined): AdvisoryItem[] {
  if (granularity === undefined) return [];
  const expected = EXPECTED_GRANULARITY[category];
  if (expected === undefined || !['model', 'batch', 'item'].includes(granularity)) return [];
  if (expected.includes(granularity)) return [];
  return [
    advisory(
      'CATEGORY_GRANULARITY_UNEXPECTED',
      { category, granularity, expected: expected.join(', ') },
      '/granularity',
    ),
  ];
}
