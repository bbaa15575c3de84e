// What a member does to one passport from its page: move its status, seal it, delete a draft. A move
// that cannot be undone, and a deletion, ask for a confirmation step first.
import type { FastifyReply } from 'fastify';
import type { App, AppContext } from '../../context.ts';
import { t } from '../../core/i18n.ts';
import type { AnyAnswer } from './api-answers.ts';
import { confirmPage, isConfirmed } from './confirm-step.ts';
import { withFlash } from './flash.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import {
  apiMessage,
  callApi,
  checkFormCsrf,
  formFields,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  type PageFrame,
  PassportParams,
  renderPage,
  seeOther,
} from './pages.ts';
import { CONFIRMED_MOVES, passportView } from './passport-view.ts';
import type { SessionService } from './sessions.ts';

const hide = true;
const passportPath = (id: string) => `/console/passports/${encodeURIComponent(id)}`;

/** The pages an action answers with besides a redirect: its refusal, and its confirmation step. */
function actionAnswers(context: AppContext, inject: Inject) {
  /** The passport's page again with the API's refusal of an action, under the API's status. */
  async function refused(
    page: SignedInPage,
    reply: FastifyReply,
    frame: PageFrame,
    id: string,
    answer: AnyAnswer,
  ) {
    const view = await passportView(context, inject, page, id);
    return renderPage(
      reply,
      answer.status,
      'passport',
      { ...frame, title: view.title },
      { ...view.data, error: apiMessage(answer.body) },
    );
  }

  /** The confirmation step of an action that cannot be undone, naming the passport. */
  async function confirmFirst(
    page: SignedInPage,
    reply: FastifyReply,
    frame: PageFrame,
    id: string,
    step: {
      question: string;
      consequence: string;
      action: string;
      confirmLabel: string;
      fields?: Record<string, string>;
    },
  ) {
    const view = await passportView(context, inject, page, id);
    return confirmPage(
      reply,
      { ...frame, title: page.t('confirm.title', { name: view.title }) },
      {
        ...step,
        back: passportPath(id),
      },
    );
  }

  return { refused, confirmFirst };
}

export async function passportActionPages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);
  const { refused, confirmFirst } = actionAnswers(context, inject);

  app.post(
    '/console/passports/:id/status',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: PassportParams, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'passports.one', async (page, frame) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const form = formFields(request.body);
        const status = form.status ?? '';
        const id = request.params.id;
        if (CONFIRMED_MOVES.includes(status) && !isConfirmed(request.body)) {
          return confirmFirst(page, reply, frame, id, {
            question: page.t('confirm.move', { status: t(page.lang, `passportPage.statuses.${status}`) }),
            consequence: page.t(`confirm.moveConsequence.${status}`),
            action: `${passportPath(id)}/status`,
            confirmLabel: page.t('confirm.moveSubmit', {
              status: t(page.lang, `passportPage.statuses.${status}`),
            }),
            fields: { status, reason: form.reason ?? '' },
          });
        }
        const answer = await callApi(inject, page.principal, 'PUT', '/api/v1/passports/{id}/status', {
          params: { id: encodeURIComponent(id) },
          payload: { status, ...(form.reason ? { reason: form.reason } : {}) },
        });
        if (answer.status !== 200) return refused(page, reply, frame, id, answer);
        return seeOther(reply, withFlash(passportPath(id), 'moved', status));
      }),
  );

  app.post(
    '/console/passports/:id/seal',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: PassportParams, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'passports.one', async (page, frame) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const id = request.params.id;
        const answer = await callApi(inject, page.principal, 'POST', '/api/v1/passports/{id}/seal', {
          params: { id: encodeURIComponent(id) },
        });
        if (answer.status !== 200) return refused(page, reply, frame, id, answer);
        return seeOther(reply, withFlash(passportPath(id), 'sealed'));
      }),
  );

  // A draft can be deleted (DELETE /api/v1/passports/{id}, DRAFT only), after a confirmation step.
  app.post(
    '/console/passports/:id/delete',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: PassportParams, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'passports.one', async (page, frame) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const id = request.params.id;
        if (!isConfirmed(request.body)) {
          return confirmFirst(page, reply, frame, id, {
            question: page.t('confirm.deleteDraft'),
            consequence: page.t('confirm.deleteConsequence'),
            action: `${passportPath(id)}/delete`,
            confirmLabel: page.t('confirm.deleteSubmit'),
          });
        }
        const answer = await callApi(inject, page.principal, 'DELETE', '/api/v1/passports/{id}', {
          params: { id: encodeURIComponent(id) },
        });
        if (answer.status !== 204) return refused(page, reply, frame, id, answer);
        return seeOther(reply, withFlash('/console/passports', 'draftDeleted'));
      }),
  );
}
