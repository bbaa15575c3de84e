// Economic operators in the console: the list with a registration form, one operator's edit page,
// and archive (or delete, when it has no passports) and restore. Every action goes through the
// operators API as the member; a refusal brings the form back as typed, the message by its field.
import type { FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../context.ts';
import { OPERATOR_ROLES } from '../../domain/operators/registration.ts';
import { apiRefusal, expectStatus } from './api-refusal.ts';
import { formPage } from './form-page.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import {
  callApi,
  checkFormCsrf,
  formFields,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  renderPage,
  seeOther,
} from './pages.ts';
import {
  type FormRefusal,
  formOf,
  OPERATOR_PATHS,
  operatorCreateBody,
  operatorUpdateBody,
  refusalOf,
} from './party-forms.ts';
import { explainer } from './party-words.ts';
import type { SessionService } from './sessions.ts';

const hide = true;

/** The id in the path, passed on as the API's own path segment: the API judges it (404 if bad). */
export const pathId = (request: FastifyRequest) =>
  encodeURIComponent((request.params as { id?: string }).id ?? '');

const DONE = ['created', 'saved', 'archived', 'deleted', 'restored'];

/** What a signed-in page was told to show after a redirect (`?done=`), in the member's words. */
export function noticeOf(request: FastifyRequest, page: SignedInPage): string | undefined {
  const done = (request.query as { done?: unknown } | undefined)?.done;
  return typeof done === 'string' && DONE.includes(done) ? page.t(`parties.${done}`) : undefined;
}

const formData = (form: Record<string, string>, refusal?: FormRefusal) => ({
  form,
  refusal: refusal ?? null,
  errors: refusal?.fields ?? {},
  operatorRoles: OPERATOR_ROLES,
});

export async function operatorPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);

  async function listOf(page: SignedInPage) {
    const list = await callApi(inject, page.principal, 'GET', '/api/v1/operators', {
      query: 'includeArchived=true',
    });
    return expectStatus(list, 200).operators;
  }

  async function readOne(page: SignedInPage, id: string) {
    const one = await callApi(inject, page.principal, 'GET', '/api/v1/operators/{id}', { params: { id } });
    return expectStatus(one, 200).operator;
  }

  /** The edit page's model: the stored operator, with the form as typed when it comes back refused. */
  const editData = (operator: Record<string, unknown>, form: Record<string, string>, why?: FormRefusal) => ({
    ...formData({ ...form, regId: String(operator.regId), regIdScheme: String(operator.regIdScheme) }, why),
    id: operator.id,
    archivedAt: operator.archivedAt,
  });

  app.get(
    '/console/operators',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'operators.title', async (page, frame) =>
        renderPage(reply, 200, 'operators', frame, {
          rows: await listOf(page),
          notice: noticeOf(request, page),
          ...formData({}),
        }),
      ),
  );

  app.post(
    '/console/operators',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'operators.title', async (page, frame) => {
        const form = formFields(request.body);
        return formPage(reply, frame, {
          check: () => checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken),
          send: () =>
            callApi(inject, page.principal, 'POST', '/api/v1/operators', {
              payload: operatorCreateBody(form),
            }),
          accepted: 201,
          done: (created) => seeOther(reply, `/console/operators/${created.body.operator.id}?done=created`),
          view: 'operators',
          again: async (refused) => ({
            rows: await listOf(page),
            ...formData(form, refusalOf(refused.body, OPERATOR_PATHS, explainer(page.lang))),
          }),
        });
      }),
  );

  app.get(
    '/console/operators/:id',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'operators.title', async (page, frame) => {
        const operator = await readOne(page, pathId(request));
        return renderPage(
          reply,
          200,
          'operator',
          { ...frame, title: String(operator.name) },
          {
            ...editData(operator, formOf(operator)),
            notice: noticeOf(request, page),
          },
        );
      }),
  );

  app.post(
    '/console/operators/:id',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'operators.title', async (page, frame) => {
        const form = formFields(request.body);
        const id = pathId(request);
        // The form comes back under the stored operator's name, read once the refusal is known.
        const edit = { ...frame };
        return formPage(reply, edit, {
          check: () => checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken),
          send: () =>
            callApi(inject, page.principal, 'PATCH', '/api/v1/operators/{id}', {
              params: { id },
              payload: operatorUpdateBody(form),
            }),
          accepted: 200,
          done: () => seeOther(reply, `/console/operators/${id}?done=saved`),
          view: 'operator',
          again: async (saved) => {
            if (saved.status === 404) throw apiRefusal(saved);
            const operator = await readOne(page, id);
            edit.title = operator.name;
            return editData(operator, form, refusalOf(saved.body, OPERATOR_PATHS, explainer(page.lang)));
          },
        });
      }),
  );

  for (const [action, method, path, done] of [
    ['archive', 'DELETE', '/api/v1/operators/{id}', 'archived'],
    ['restore', 'POST', '/api/v1/operators/{id}/restore', 'restored'],
  ] as const) {
    app.post(
      `/console/operators/:id/${action}`,
      { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
      async (request, reply) =>
        memberPage(request, reply, 'operators.title', async (page) => {
          checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
          const id = pathId(request);
          const answer = await callApi(inject, page.principal, method, path, { params: { id } });
          // Deleted (204: it had no passports) leaves no page to go back to: the list says so.
          if (answer.status === 204) return seeOther(reply, '/console/operators?done=deleted');
          if (answer.status === 200) return seeOther(reply, `/console/operators/${id}?done=${done}`);
          throw apiRefusal(answer);
        }),
    );
  }
}
