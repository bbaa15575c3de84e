// Lookups over the generated AI table, and the check of one AI's value against its format:
// character set, length of each component, and the dictionary's linters.
import { AI_TABLE } from './ai-table.generated.ts';
import type { AiComponent, AiEntry } from './ai-types.ts';
import { LINTERS } from './linters.ts';

export type { AiComponent, AiEntry } from './ai-types.ts';

const BY_AI = new Map(AI_TABLE.map((entry) => [entry.ai, entry]));

// Every AI sharing its first two digits has the same length (GS1 General Specifications 3.2), so
// the length of the AI at the head of an element string follows from those two digits.
const LENGTH_BY_PREFIX = new Map(AI_TABLE.map((entry) => [entry.ai.slice(0, 2), entry.ai.length]));

export const aiEntry = (ai: string): AiEntry | undefined => BY_AI.get(ai);
export const aiLengthFor = (prefix: string): number | undefined => LENGTH_BY_PREFIX.get(prefix);
export const aiTitle = (entry: AiEntry): string => entry.title || `AI ${entry.ai}`;

const CSETS: Record<AiComponent['cset'], RegExp> = {
  N: /^[0-9]*$/,
  X: /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/,
  Y: /^[#\-/0-9A-Z]*$/,
  Z: /^[A-Za-z0-9_-]*$/,
};
const CSET_NAMES: Record<AiComponent['cset'], string> = {
  N: 'digits',
  X: 'characters of GS1 CSET 82',
  Y: 'characters of GS1 CSET 39',
  Z: 'characters of base64url (GS1 CSET 64)',
};

/** Length bounds of a whole value: the sum over its components, optional ones counting 0 at least. */
export function valueLength(entry: AiEntry): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const part of entry.components) {
    if (!part.optional) min += part.min;
    max += part.max;
  }
  return { min, max };
}

/**
 * Problems of `value` as the value of `entry`, in words; empty when it is valid. Components take
 * their share of the value from the left; optional ones may be absent once the value is used up.
 */
export function checkValue(entry: AiEntry, value: string): string[] {
  const problems: string[] = [];
  const { min, max } = valueLength(entry);
  if (value.length < min || value.length > max) {
    problems.push(
      min === max ? `must be ${min} characters long` : `must be ${min} to ${max} characters long`,
    );
    return problems;
  }
  let at = 0;
  entry.components.forEach((part, index) => {
    if (at >= value.length && part.optional) return;
    const isLast = index === entry.components.length - 1;
    // A variable-length component takes the rest, unless fixed ones follow (never in the dictionary).
    const take = part.min === part.max || isLast ? Math.min(part.max, value.length - at) : part.max;
    const piece = value.slice(at, at + take);
    at += take;
    const where = entry.components.length > 1 ? `component ${index + 1}: ` : '';
    if (piece.length < part.min) {
      problems.push(`${where}must be at least ${part.min} characters long`);
      return;
    }
    if (!CSETS[part.cset].test(piece)) {
      problems.push(`${where}must contain only ${CSET_NAMES[part.cset]}`);
      return;
    }
    for (const name of part.linters) {
      const problem = LINTERS[name]?.(piece);
      if (problem) problems.push(`${where}${problem}`);
    }
  });
  return problems;
}
