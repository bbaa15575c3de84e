// A small declarative description of the fields of a rule category. It covers what JSON Schema
// would (types, required fields, bounds, patterns) so that rule categories report exactly the same
// codes as schema categories; what it cannot express lives in each rule set's cross checks.
import type { AdvisoryItem, RuleCategory } from '../types.ts';

export type StringFormat = 'date' | 'uri' | 'email' | 'country' | 'cas';

interface Common {
  /** Fields are required unless marked optional. */
  optional?: boolean;
  description?: string;
}

export interface StringSpec extends Common {
  type: 'string';
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  format?: StringFormat;
  enum?: readonly string[];
}

export interface NumberSpec extends Common {
  type: 'number' | 'integer';
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  unit?: string;
}

export interface BooleanSpec extends Common {
  type: 'boolean';
}

export interface ObjectSpec extends Common {
  type: 'object';
  properties: Readonly<Record<string, FieldSpec>>;
}

export interface ArraySpec extends Common {
  type: 'array';
  items: FieldSpec;
  minItems?: number;
  maxItems?: number;
  /** For arrays of objects: a property whose value must not repeat (e.g. an INCI name). */
  uniqueBy?: string;
}

export type FieldSpec = StringSpec | NumberSpec | BooleanSpec | ObjectSpec | ArraySpec;

export interface RuleExample {
  name: string;
  description: string;
  metadata: Record<string, unknown>;
  /** Error codes the engine reports for this example; empty for a valid one. */
  expectedErrors: readonly string[];
}

export interface RuleSet {
  category: RuleCategory;
  /** The legal basis the fields follow, for docs. */
  basis: string;
  fields: ObjectSpec;
  /** Checks across fields. They run even when field checks failed, so they narrow every value. */
  crossChecks: (metadata: Readonly<Record<string, unknown>>) => AdvisoryItem[];
  examples: readonly RuleExample[];
}
