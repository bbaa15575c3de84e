// How guessable a member's new password is, scored by zxcvbn-ts against the common-password and
// English dictionaries. The dictionaries weigh several megabytes and take a moment to build into
// the matcher, so they are loaded on the first password set, once per process, and never on a
// node where nobody sets one.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** zxcvbn's scale runs 0 to 4; 3 is "safely unguessable" against an offline attack on a slow hash. */
const MIN_SCORE = 3;

interface Weakness {
  score: number;
  /** Why the password is guessable, in English (zxcvbn's feedback), when zxcvbn can say. */
  warning: string | null;
  suggestions: string[];
}

// zxcvbn's work grows steeply with length and with characters that read as l33t ('a1!b' * 16
// takes close to a second), and it runs on the event loop. What decides guessability is at the
// start: a password whose first 40 characters are hard to guess is hard to guess, and one whose
// first 40 are easy is refused anyway. The substitution cap bounds the l33t variants tried.
const SCORED_LENGTH = 40;
const L33T_SUBSTITUTIONS = 8;

let scorer: Promise<ZxcvbnFactory> | undefined;

async function load(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, english] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  return new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
    l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
  });
}

/**
 * Null when the password is hard enough to guess; else its score and zxcvbn's reason. `related`
 * holds words a guesser would try first (the member's email, the workspace's name).
 */
export async function passwordWeakness(password: string, related: string[] = []): Promise<Weakness | null> {
  scorer ??= load().catch((error: unknown) => {
    scorer = undefined;
    throw error;
  });
  const result = (await scorer).check(password.slice(0, SCORED_LENGTH), related);
  if (result.score >= MIN_SCORE) return null;
  return {
    score: result.score,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}
