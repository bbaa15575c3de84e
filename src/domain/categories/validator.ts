// The validation engine, built over a table of schemas so that tests can run it on small schemas
// of their own. engine.ts binds it to the served category schemas.
import { classifyProductId } from '../gs1/product-id.ts';
import { advisory, validationError } from './advisories.ts';
import { boundedView } from './bounded-view.ts';
import { Findings } from './findings.ts';
import { checkGranularity } from './granularity.ts';
import { scanForPii } from './pii.ts';
import { METADATA_ROOT } from './pointer.ts';
import { checkRules } from './rules/index.ts';
import { createSchemaChecker } from './schema-validator.ts';
import {
  type AccessTier,
  type AdvisoryItem,
  CATEGORIES,
  type Category,
  isCategory,
  RULE_CATEGORIES,
  type RuleCategory,
  type SchemaCategory,
  type ValidationContext,
  type ValidationResult,
} from './types.ts';

export interface ValidatorSources {
  schemas: Readonly<Record<SchemaCategory, object>>;
  /** Access tier of a metadata field of a schema category, by pointer rooted at the passport body. */
  accessOf: (category: SchemaCategory, pointer: string) => AccessTier | undefined;
}

/**
 * Checks `metadata` of `category`. With `findings`, the items go there (after whatever it holds,
 * sharing its limit) and the result is that collector's; otherwise into a fresh one.
 */
export type Validate = (
  category: Category,
  metadata: unknown,
  context?: ValidationContext,
  findings?: Findings,
) => ValidationResult;

function isRuleCategory(category: Category): category is RuleCategory {
  return (RULE_CATEGORIES as readonly string[]).includes(category);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function checkProductId(productId: unknown): { errors: AdvisoryItem[]; warnings: AdvisoryItem[] } {
  if (typeof productId !== 'string') return { errors: [], warnings: [] };
  const classified = classifyProductId(productId);
  if (classified.scheme === 'INVALID') {
    const shown = productId.length > 70 ? `${productId.slice(0, 64)}…` : productId;
    return {
      errors: [
        validationError('INVALID_PRODUCT_ID', '/productId', {
          field: 'productId',
          productId: shown,
          reason: classified.reason,
          detail: classified.detail,
        }),
      ],
      warnings: [],
    };
  }
  if (classified.scheme === 'SKU') {
    return {
      errors: [],
      warnings: [advisory('NON_GS1_PRODUCT_ID', { productId: classified.sku }, '/productId')],
    };
  }
  return { errors: [], warnings: [] };
}

export function createValidator(sources: ValidatorSources): Validate {
  const schemaCheck = createSchemaChecker(sources.schemas);

  return (category, metadata, context = {}, findings = new Findings()) => {
    const product = checkProductId(context.productId);
    findings.errorsFrom(product.errors);
    findings.warningsFrom(product.warnings);

    if (typeof category !== 'string' || !isCategory(category)) {
      findings.error(
        validationError('UNKNOWN_CATEGORY', '/category', {
          category: String(category),
          known: CATEGORIES.join(', '),
        }),
      );
      return findings.result();
    }
    findings.warningsFrom(checkGranularity(category, context.granularity));

    if (!isPlainObject(metadata)) {
      findings.error(validationError('METADATA_NOT_OBJECT', METADATA_ROOT, { actual: describe(metadata) }));
      return findings.result();
    }
    // Made once: a large document is enumerated once more here, never again by the checks below.
    const view = boundedView(metadata);
    // Personal data is looked for in the part checked in full: a few regular expressions per string.
    const scanned = view === null ? metadata : view.value;
    if (view !== null) findings.markTruncated();
    if (isRuleCategory(category)) {
      checkRules(category, metadata, findings);
      // Rule categories have no access tiers: everything they hold is on the public label anyway.
      scanForPii(scanned, METADATA_ROOT, () => 'public', findings);
    } else {
      schemaCheck(category)(metadata, findings, view);
      scanForPii(scanned, METADATA_ROOT, (pointer) => sources.accessOf(category, pointer), findings);
    }
    return findings.result();
  };
}
