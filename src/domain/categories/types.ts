// Shared vocabulary of the category data model: categories, access tiers and advisory items.

/** Categories whose metadata is described by a served JSON Schema (2020-12). */
export const SCHEMA_CATEGORIES = [
  'textiles',
  'batteries',
  'electronics',
  'chemicals',
  'construction',
] as const;
/** Categories whose metadata is checked by built-in rule code. */
export const RULE_CATEGORIES = ['cosmetics', 'toys', 'iron-steel', 'aluminium'] as const;
export const CATEGORIES = [...SCHEMA_CATEGORIES, ...RULE_CATEGORIES] as const;

export type SchemaCategory = (typeof SCHEMA_CATEGORIES)[number];
export type RuleCategory = (typeof RULE_CATEGORIES)[number];
export type Category = (typeof CATEGORIES)[number];

/**
 * Who may read a metadata field. Ordered from widest to narrowest audience:
 * public < legitimate-interest < authority < owner.
 */
export const ACCESS_TIERS = ['public', 'legitimate-interest', 'authority', 'owner'] as const;
export type AccessTier = (typeof ACCESS_TIERS)[number];

export type Granularity = 'model' | 'batch' | 'item';

/**
 * One error, warning or notice. `message` is developer English; the HTTP layer adds the localised
 * `friendlyMessage` from `code` and `params`.
 */
export interface AdvisoryItem {
  code: string;
  /** JSON pointer into the validated document (e.g. `/metadata/carbonFootprint/total`). */
  path?: string;
  message: string;
  params?: Record<string, string | number>;
}

export interface ValidationResult {
  errors: AdvisoryItem[];
  warnings: AdvisoryItem[];
  notices: AdvisoryItem[];
  /**
   * Present (true) when the checks stopped before they had seen everything (MAX_FINDINGS, or the
   * part of a large document reported on in full): there may be findings nobody looked for.
   */
  truncated?: true;
  /** Findings found but not listed, by code: those past the first MAX_LISTED_PER_CODE of a code. */
  omitted?: Record<string, number>;
}

export interface ValidationContext {
  productId?: string;
  granularity?: Granularity;
  originCountry?: string;
}

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}
