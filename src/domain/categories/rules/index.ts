// The rule set of each rule category, and the check that runs one.
import { Findings } from '../findings.ts';
import { METADATA_ROOT } from '../pointer.ts';
import type { AdvisoryItem, RuleCategory } from '../types.ts';
import { aluminiumRules } from './aluminium.ts';
import { cosmeticsRules } from './cosmetics.ts';
import { ironSteelRules } from './iron-steel.ts';
import type { RuleSet } from './spec.ts';
import { toysRules } from './toys.ts';
import { checkField, isRecord } from './walk.ts';

export type { RuleExample, RuleSet } from './spec.ts';

export const RULE_SETS: Readonly<Record<RuleCategory, RuleSet>> = {
  cosmetics: cosmeticsRules,
  toys: toysRules,
  'iron-steel': ironSteelRules,
  aluminium: aluminiumRules,
};

/**
 * Field checks, then cross checks (a handful of items each), into `findings`; returns its errors.
 * `metadata` has already been found to be an object.
 */
export function checkRules(
  category: RuleCategory,
  metadata: Readonly<Record<string, unknown>>,
  findings: Findings = new Findings(),
): AdvisoryItem[] {
  const rules = RULE_SETS[category];
  checkField(rules.fields, metadata, METADATA_ROOT, findings);
  if (isRecord(metadata) && findings.hasRoom()) findings.errorsFrom(rules.crossChecks(metadata));
  return findings.errors;
}
