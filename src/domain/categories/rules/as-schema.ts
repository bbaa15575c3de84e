// A rule category's fields in the shape of a JSON Schema (type, properties, items, enum, pattern),
// for code that reads values by a schema: a spreadsheet's cells are converted by their field's type
// (a toy's name stays text, its minimum age becomes a number). The rule set stays the judge of
// the values; this says only what each field holds.
import type { RuleCategory } from '../types.ts';
import { RULE_SETS } from './index.ts';
import type { FieldSpec } from './spec.ts';

type Schema = Record<string, unknown>;

function schemaOf(spec: FieldSpec): Schema {
  switch (spec.type) {
    case 'object':
      return {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(spec.properties).map(([key, child]) => [key, schemaOf(child)]),
        ),
      };
    case 'array':
      return { type: 'array', items: schemaOf(spec.items) };
    case 'string':
      return {
        type: 'string',
        ...(spec.enum ? { enum: [...spec.enum] } : {}),
        ...(spec.pattern ? { pattern: spec.pattern.source } : {}),
      };
    default:
      return { type: spec.type };
  }
}

export const ruleSchema = (category: RuleCategory): Schema => schemaOf(RULE_SETS[category].fields);
