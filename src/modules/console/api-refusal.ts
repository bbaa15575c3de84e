// A refusal of the node's API, carried to the console page as an AppError of the same status, so the
// page answers what the API answered (403 stays 403, 409 stays 409) with the API's own message.
import { AppError, type ErrorCode } from '../../http/errors.ts';
import type { AnyAnswer } from './api-answers.ts';
import { apiMessage } from './pages.ts';

const CODE_OF: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'SUBSCRIPTION_INACTIVE',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

export function apiRefusal(answer: AnyAnswer): AppError {
  // Any other status the pages do not declare reads as the form being wrong.
  return new AppError(CODE_OF[answer.status] ?? 'BAD_REQUEST', apiMessage(answer.body));
}

/** The answer's body when the API answered `expected`; its refusal otherwise. */
export function expectStatus<A extends AnyAnswer, S extends A['status']>(
  answer: A,
  expected: S,
): Extract<A, { status: S }>['body'] {
  if (!hasStatus(answer, expected)) throw apiRefusal(answer);
  return answer.body;
}

/** Narrows an answer to the one of its statuses, so its body is the one declared for it. */
export const hasStatus = <A extends AnyAnswer, S extends A['status']>(
  answer: A,
  status: S,
): answer is Extract<A, { status: S }> => answer.status === status;

/** A cursor link's query: the cursor the API gave, or nothing on the first page. */
export const cursorQuery = (cursor: unknown) =>
  typeof cursor === 'string' && cursor !== '' ? `?cursor=${encodeURIComponent(cursor)}` : '';
