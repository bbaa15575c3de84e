// The confirmation step of a form that cannot be undone (revoke, recall, delete, withdraw): the
// first POST, without `confirm=yes`, answers a page that asks, holding the form's fields; its
// button posts them again with `confirm=yes`. Server-rendered, so it works without script.
import type { FastifyReply } from 'fastify';
import { formFields, type PageFrame, renderPage } from './pages.ts';

export const isConfirmed = (body: unknown) => formFields(body).confirm === 'yes';

export interface ConfirmStep {
  /** The question, naming the thing (the passport, the key) in the member's words. */
  question: string;
  consequence?: string;
  /** Where the confirmed form posts: the same action as the first one. */
  action: string;
  /** The form's own fields, carried through the step (the CSRF token is added by the view). */
  fields?: Record<string, string>;
  confirmLabel: string;
  /** Where "Cancel" goes: the page the form was on. */
  back: string;
}

export function confirmPage(reply: FastifyReply, frame: PageFrame, step: ConfirmStep) {
  return renderPage(reply, 200, 'confirm', frame, {
    ...step,
    consequence: step.consequence ?? '',
    fields: Object.entries(step.fields ?? {}).map(([name, value]) => ({ name, value })),
  });
}
