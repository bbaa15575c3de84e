// The dictionary's association rules over a whole set of AIs: `req=` (mandatory associations) and
// `ex=` (invalid pairs). GS1 evaluates them over all the data of one item, so they apply to a
// decoded set as a whole, and each broken rule is reported on the AI that carries it.
import type { AiEntry } from './ai-types.ts';

/** `31nn` matches 3100 to 3199; a plain AI matches itself. */
export function matchesPattern(ai: string, pattern: string): boolean {
  if (ai.length !== pattern.length) return false;
  for (let i = 0; i < ai.length; i++) {
    const p = pattern[i];
    if (p !== 'n' && p !== ai[i]) return false;
  }
  return true;
}

const present = (ais: readonly string[], pattern: string) => ais.some((ai) => matchesPattern(ai, pattern));

/** Broken association rules of `entry` among `ais` (the AIs present), in words. */
export function pairingProblems(entry: AiEntry, ais: readonly string[]): string[] {
  const problems: string[] = [];
  for (const requirement of entry.requires) {
    const met = requirement.some((alternative) => alternative.every((pattern) => present(ais, pattern)));
    if (!met) {
      const wording = requirement
        .map((alternative) => alternative.map((p) => `(${p})`).join(' with '))
        .join(' or ');
      problems.push(`requires ${wording}`);
    }
  }
  for (const pattern of entry.excludes) {
    const clash = ais.find((ai) => ai !== entry.ai && matchesPattern(ai, pattern));
    if (clash) problems.push(`must not appear with (${clash})`);
  }
  return problems;
}
