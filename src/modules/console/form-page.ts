// The one shape of a console form's POST: the session's CSRF token checked before anything is sent,
// the member's action sent to the node's API, then what the member sees: on the answer the API gives
// when it accepts, the next page (or this one with what was made); on any other, the form again with
// the API's status and reason. A thrown AppError is the frame's refusal page (frame.ts).
import type { FastifyReply } from 'fastify';
import type { AnyAnswer } from './api-answers.ts';
import { hasStatus } from './api-refusal.ts';
import { type PageFrame, renderPage } from './pages.ts';

export interface FormSubmission<A extends AnyAnswer, S extends A['status']> {
  /** The form's CSRF check (checkFormCsrf), run before the action is sent. */
  check: () => void;
  send: () => Promise<A>;
  /** The status of the API's acceptance. */
  accepted: S;
  /** What an accepted answer leads to. */
  done: (answer: Extract<A, { status: S }>) => Promise<FastifyReply> | FastifyReply;
  /** The view shown again on a refusal, with the model `again` makes of the refusal. */
  view: string;
  again: (answer: A) => Promise<Record<string, unknown>>;
}

export async function formPage<A extends AnyAnswer, S extends A['status']>(
  reply: FastifyReply,
  frame: PageFrame,
  submission: FormSubmission<A, S>,
): Promise<FastifyReply> {
  submission.check();
  const answer = await submission.send();
  if (hasStatus(answer, submission.accepted)) return submission.done(answer);
  // The model first: making it may still title the frame (the record's name) or refuse outright.
  const model = await submission.again(answer);
  return renderPage(reply, answer.status, submission.view, frame, model);
}
