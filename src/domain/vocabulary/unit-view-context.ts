// The `@context` of the battery unit JSON-LD view: the spec asks for an array of the canonical
// context URL and an inline term map. The inline map restates the terms that only the unit view
// uses, so the view names its own structure; the definitions equal the canonical ones (tested), and
// so never override them.
import { termDefinition } from './context.ts';
import { dppContextUrl } from './namespace.ts';
import { allTerms } from './terms.ts';
import type { TermDefinition } from './types.ts';

export const UNIT_VIEW_TERMS: readonly string[] = [
  'BatteryUnit',
  'BatteryUnitEvent',
  'ofModel',
  'currentState',
  'dynamicData',
  'repurposedFrom',
  'successorUnits',
];

export function batteryUnitViewContext(baseUrl: string): [string, Record<string, TermDefinition>] {
  const inline: Record<string, TermDefinition> = {};
  for (const spec of allTerms()) {
    if (UNIT_VIEW_TERMS.includes(spec.term)) inline[spec.term] = termDefinition(baseUrl, spec);
  }
  return [dppContextUrl(baseUrl), inline];
}
