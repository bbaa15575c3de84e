// The node's API as the console reads it, typed by the contract's own generated types
// (client/schema.d.ts): a path template and a method name the answer's body for each status, so
// the pages read what the API declares instead of asserting shapes of their own.
import type { paths } from '../../../client/schema.d.ts';

export type ApiPath = keyof paths;
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The operation a path and method name (a union of either gives the union of the operations). */
type Operation<P extends ApiPath, M extends ApiMethod> = P extends ApiPath
  ? Lowercase<M> extends keyof paths[P]
    ? NonNullable<paths[P][Lowercase<M>]>
    : never
  : never;

/** A JSON answer's body; an answer without one (204) reads as an empty object. */
type BodyOf<R> = R extends { content: { 'application/json': infer B } } ? B : Record<string, never>;

type AnswersOf<O> = O extends { responses: infer R }
  ? { [S in keyof R & number]: { status: S; body: BodyOf<R[S]> } }[keyof R & number]
  : never;

/** The API's answer to a call: the status, and the body the contract declares for it. */
export type ApiAnswer<P extends ApiPath, M extends ApiMethod> = AnswersOf<Operation<P, M>>;

/** Any answer, as the helpers that only read the status and the message see it. */
export interface AnyAnswer {
  status: number;
  body: object;
}
