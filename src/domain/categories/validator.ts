// The validation engine, built over a table of schemas so that tests can run it on small schemas
// of their own. engine.ts binds it to the served category schemas.
import { classifyProductId } from '../gs1/product-id.ts';
import { advisory, validationError } from './advisories.ts';
import { checkGranularity } from './granularity.ts';
import { scanForPii } from './pii.ts';
import { METADATA_ROOT } from './pointer.ts';
import { checkRules } from './rules/index.ts';
import { createSchemaChecker } from './schema-validator.ts';
import {
  type AccessTier,
  type AdvisoryItem,
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

export type Validate = (
  category: Category,
  metadata: unknown,
  context?: ValidationContext,
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
        validationError('INVALID_PRODUCT_ID', '/productId', { productId: shown, reason: classified.reason }),
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

  return (category, metadata, context = {}) => {
    const result: ValidationResult = { errors: [], warnings: [], notices: [] };
    const product = checkProductId(context.productId);
    result.errors.push(...product.errors);
    result.warnings.push(...product.warnings);

    if (typeof category !== 'string' || !isCategory(category)) {
      result.errors.push(validationError('UNKNOWN_CATEGORY', '/category', { category: String(category) }));
      return result;
    }
    result.warnings.push(...checkGranularity(category, context.granularity));

    if (!isPlainObject(metadata)) {
      result.errors.push(
        validationError('METADATA_NOT_OBJECT', METADATA_ROOT, { actual: describe(metadata) }),
      );
      return result;
    }
    if (isRuleCategory(category)) {
      result.errors.push(...checkRules(category, metadata));
      // Rule categories have no access tiers: everything they hold is on the public label anyway.
      result.warnings.push(...scanForPii(metadata, METADATA_ROOT, () => 'public'));
    } else {
      result.errors.push(...schemaCheck(category)(metadata));
      result.warnings.push(
        ...scanForPii(metadata, METADATA_ROOT, (pointer) => sources.accessOf(category, pointer)),
      );
    }
    return result;
  };
}
