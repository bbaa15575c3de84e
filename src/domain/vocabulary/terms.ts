// The complete term list of the canonical context: our classes and document terms first, then every
// property name of the category data model. A name that is both keeps one definition.
import { type CoercionConflict, categoryTerms } from './category-terms.ts';
import { CLASS_TERMS, OPERATOR_TERMS, PASSPORT_TERMS } from './core-terms.ts';
import { XSD } from './namespace.ts';
import { PROOF_TERMS, VERSION_TERMS } from './proof-version-terms.ts';
import type { TermSpec } from './types.ts';
import { EVENT_TERMS, UNIT_TERMS } from './unit-terms.ts';

export const CORE_TERMS: readonly TermSpec[] = [
  ...CLASS_TERMS,
  ...PASSPORT_TERMS,
  ...PROOF_TERMS,
  ...OPERATOR_TERMS,
  ...VERSION_TERMS,
  ...UNIT_TERMS,
  ...EVENT_TERMS,
];

/**
 * A core term also used in category metadata. Our documents define its coercion; category uses
 * that read their values differently (another coercion, or none) are reported. A datatype range survives only if every use agrees.
 */
function merge(core: TermSpec, category: TermSpec, conflicts: CoercionConflict[]): TermSpec {
  if (category.coercion !== core.coercion) {
    conflicts.push({
      term: core.term,
      coercions: { core: core.coercion ?? 'none', category: category.coercion ?? 'none' },
    });
  }
  const keepRange =
    core.range !== undefined && (!core.range.startsWith(XSD) || core.range === category.range);
  const { range: _dropped, ...rest } = core;
  const container = core.container ?? category.container;
  const unit = core.unit ?? category.unit;
  return {
    ...rest,
    ...(keepRange ? { range: core.range } : {}),
    ...(container ? { container } : {}),
    ...(unit ? { unit } : {}),
    comment: `${core.comment} In category metadata: ${category.comment}`,
    usages: category.usages,
  };
}

interface AllTerms {
  terms: readonly TermSpec[];
  conflicts: readonly CoercionConflict[];
}

let cached: AllTerms | undefined;

function build(): AllTerms {
  const category = categoryTerms();
  const conflicts = [...category.conflicts];
  const coreNames = new Set(CORE_TERMS.map((t) => t.term));
  const terms = [
    ...CORE_TERMS.map((core) => {
      const used = category.terms.get(core.term);
      return used === undefined ? core : merge(core, used, conflicts);
    }),
    ...[...category.terms.values()].filter((t) => !coreNames.has(t.term)),
  ];
  return { terms, conflicts };
}

/** Every term of the canonical context, in context order. Base-URL independent; computed once. */
export function allTerms(): readonly TermSpec[] {
  cached ??= build();
  return cached.terms;
}

/** Names whose uses ask for different coercions, so that a test can hold them to the known list. */
export function termConflicts(): readonly CoercionConflict[] {
  cached ??= build();
  return cached.conflicts;
}
