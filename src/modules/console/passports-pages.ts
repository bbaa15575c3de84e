// Passports in the console: the list with status and category filters and a search, and one
// passport's owner view. Both read the passports API as the member.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { t } from '../../core/i18n.ts';
import { documentChanges } from '../../domain/passports/diff.ts';
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
import { CONFIRMED_MOVES, passportName, passportView, tierOf } from './passport-view.ts';
import type { SessionService } from './sessions.ts';

const hide = true;
const STATUSES = ['DRAFT', 'ACTIVE', 'RECALLED', 'DECOMMISSIONED', 'ARCHIVED'];
const ListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.String({ maxLength: 20 })),
  category: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.String({ maxLength: 12 })),
  lang: Type.Optional(Type.String({ maxLength: 35 })),
});
const PassportQuery = Type.Object({
  done: Type.Optional(Type.String({ maxLength: 30 })),
  to: Type.Optional(Type.String({ maxLength: 20 })),
  tier: Type.Optional(Type.String({ maxLength: 30 })),
  lang: Type.Optional(Type.String({ maxLength: 35 })),
});
const VersionParams = Type.Object({
  id: Type.String({ maxLength: 2048 }),
  version: Type.String({ pattern: '^[0-9]{1,9}$' }),
});
const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

export async function passportPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { signedIn, refusal, memberPage } = pageFrames(sessions, context.clock);

  app.get(
    '/console/passports',
    { config: { access: MEMBER_PAGE }, schema: { hide, querystring: ListQuery, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const page = await signedIn(request, reply);
      if (!page) return reply;
      const frame = page.frame(page.t('passports.title'));
      const { q = '', status = '', category = '' } = request.query;
      const pageNumber = /^\d{1,9}$/.test(request.query.page ?? '') ? Number(request.query.page) : 1;
      const search = new URLSearchParams({ limit: '50', page: String(pageNumber) });
      if (q) search.set('q', q);
      if (STATUSES.includes(status)) search.set('status', status);
      if (category) search.set('category', category);
      try {
        const list = await callApi(inject, page.principal, 'GET', '/api/v1/passports', { query: search });
        if (list.status !== 200)
          throw new AppError(
            list.status === 403 ? 'INSUFFICIENT_PERMISSION' : 'BAD_REQUEST',
            apiMessage(list.body),
          );
        const filters = new URLSearchParams(search);
        filters.delete('limit');
        filters.delete('page');
        return renderPage(reply, 200, 'passports', frame, {
          passports: list.body.passports.map((passport) => ({
            id: passport.id,
            name: passportName(passport),
            productId: passport.productId,
            category: passport.category,
            status: passport.status,
            statusLabel: t(page.lang, `passportPage.statuses.${passport.status}`),
            updatedAt: passport.updatedAt,
          })),
          total: list.body.total,
          pageNumber,
          totalPages: list.body.totalPages,
          filterQuery: filters.toString(),
          statuses: STATUSES,
          filter: { q, status, category },
        });
      } catch (error) {
        return refusal(reply, error, frame, 'message', { message: '' });
      }
    },
  );

  app.get(
    '/console/passports/:id',
    {
      config: { access: MEMBER_PAGE },
      schema: { hide, params: PassportParams, querystring: PassportQuery, response: PAGE_ANSWERS },
    },
    async (request, reply) => {
      return memberPage(request, reply, 'passports.one', async (page, frame) => {
        const tier = tierOf(request.query.tier);
        const view = await passportView(context, inject, page, request.params.id, tier);
        // After a form created or saved the passport and redirected here (see passport-form-pages.ts).
        const { done } = request.query;
        const notice = done === 'created' || done === 'saved' ? { notice: page.t(`forms.${done}`) } : {};
        return renderPage(
          reply,
          200,
          'passport',
          { ...frame, title: view.title },
          { ...view.data, ...notice },
        );
      });
    },
  );

  // What one archived version changed: the diff from it to the next one (archived or current).
  app.get(
    '/console/passports/:id/versions/:version',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: VersionParams, response: PAGE_ANSWERS } },
    async (request, reply) => {
      return memberPage(request, reply, 'passports.history', async (page, frame) => {
        const id = encodeURIComponent(request.params.id);
        const from = Number(request.params.version);
        const history = await callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}/history', {
          params: { id },
          query: 'limit=1',
        });
        if (history.status !== 200) throw new AppError('NOT_FOUND', apiMessage(history.body));
        const current = Number(history.body.currentVersion);
        if (from < 1 || from >= current) throw new AppError('NOT_FOUND', 'No such archived version');
        const [before, after] = await Promise.all([
          callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}/history/{version}', {
            params: { id, version: String(from) },
          }),
          from + 1 === current
            ? callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}', { params: { id } })
            : callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}/history/{version}', {
                params: { id, version: String(from + 1) },
              }),
        ]);
        if (before.status !== 200 || after.status !== 200)
          throw new AppError('NOT_FOUND', apiMessage(before.body));
        const changes = documentChanges(before.body, after.body).map((change) => ({
          path: change.path,
          before: show(change.before),
          after: show(change.after),
        }));
        const title = page.t('passports.compare', { from, to: from + 1 });
        return renderPage(
          reply,
          200,
          'versions',
          { ...frame, title },
          { changes, passportId: request.params.id },
        );
      });
    },
  );

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

  const passportPath = (id: string) => `/console/passports/${encodeURIComponent(id)}`;

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
