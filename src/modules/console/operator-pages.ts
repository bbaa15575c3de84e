// Economic operators in the console: the list with a registration form and one operator's edit page
// (party-edit-pages.ts), and archive (or delete, when it has no passports) and restore. The
// registration identifier and its scheme never change once registered.
import type { App, AppContext } from '../../context.ts';
import { OPERATOR_ROLES } from '../../domain/operators/registration.ts';
import { apiRefusal, expectStatus } from './api-refusal.ts';
import { pageFrames } from './frame.ts';
import { callApi, checkFormCsrf, type Inject, MEMBER_PAGE, PAGE_ANSWERS, seeOther } from './pages.ts';
import { partyEditPages, pathId } from './party-edit-pages.ts';
import { OPERATOR_PATHS, operatorCreateBody, operatorUpdateBody } from './party-forms.ts';
import type { SessionService } from './sessions.ts';

export async function operatorPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);

  partyEditPages(app, memberPage, sessions, {
    path: '/console/operators',
    title: 'operators.title',
    views: { list: 'operators', one: 'operator' },
    fieldPaths: OPERATOR_PATHS,
    list: async (page) =>
      expectStatus(
        await callApi(inject, page.principal, 'GET', '/api/v1/operators', { query: 'includeArchived=true' }),
        200,
      ).operators,
    read: async (page, id) =>
      expectStatus(
        await callApi(inject, page.principal, 'GET', '/api/v1/operators/{id}', { params: { id } }),
        200,
      ).operator,
    create: (page, form) =>
      callApi(inject, page.principal, 'POST', '/api/v1/operators', { payload: operatorCreateBody(form) }),
    createdId: (body) => (body as { operator: { id: string } }).operator.id,
    update: (page, id, form) =>
      callApi(inject, page.principal, 'PATCH', '/api/v1/operators/{id}', {
        params: { id },
        payload: operatorUpdateBody(form),
      }),
    formData: async (_page, form, refusal) => ({
      form,
      refusal: refusal ?? null,
      errors: refusal?.fields ?? {},
      operatorRoles: OPERATOR_ROLES,
    }),
    fixed: (operator) => ({ regId: String(operator.regId), regIdScheme: String(operator.regIdScheme) }),
    extra: (operator) => ({ archivedAt: operator.archivedAt }),
  });

  for (const [action, method, path, done] of [
    ['archive', 'DELETE', '/api/v1/operators/{id}', 'archived'],
    ['restore', 'POST', '/api/v1/operators/{id}/restore', 'restored'],
  ] as const) {
    app.post(
      `/console/operators/:id/${action}`,
      { config: { access: MEMBER_PAGE }, schema: { hide: true, response: PAGE_ANSWERS } },
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
