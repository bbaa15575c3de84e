// What the body parser found wrong inside single rows of a bulk body: the service answers those rows
// as row errors and proceeds with the others.
import type { JsonProblem } from '../domain/json/hygiene.ts';

/** Problems found inside bulk rows, by row index; null when there are none. */
export type RowProblems = Map<number, JsonProblem> | null;
