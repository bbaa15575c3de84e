// Facilities in the console: the list with a registration form, and one facility's edit page (a
// full replacement through PUT; the GLN stays). Every action goes through the facilities API as the
// member; a refusal brings the form back as typed, the message by its field.
import type { App, AppContext } from '../../context.ts';
import { apiRefusal } from './api-refusal.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import { noticeOf, pathId } from './operator-pages.ts';
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
import { FACILITY_PATHS, type FormRefusal, facilityBody, formOf, refusalOf } from './party-forms.ts';
import type { SessionService } from './sessions.ts';

const hide = true;

export async function facilityPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);

  async function get(page: SignedInPage, url: string) {
    const answer = await callApi(inject, page.principal, 'GET', url);
    if (answer.status !== 200) throw apiRefusal(answer);
    return answer.body;
  }

  /**
   * The operators a facility may belong to: the live ones, and its own even when archived, so that
   * saving the form does not drop it. Without operator:read the choice is just "none".
   */
  async function operatorsOf(page: SignedInPage, current: string | undefined) {
    const list = await callApi(inject, page.principal, 'GET', '/api/v1/operators?includeArchived=true');
    if (list.status !== 200) return [];
    const operators = list.body.operators as { id: string; archivedAt: string | null }[];
    return operators.filter((operator) => operator.archivedAt === null || operator.id === current);
  }

  async function formData(page: SignedInPage, form: Record<string, string>, refusal?: FormRefusal) {
    return {
      form,
      refusal: refusal ?? null,
      errors: refusal?.fields ?? {},
      operators: await operatorsOf(page, form.operatorId),
    };
  }

  const listOf = async (page: SignedInPage) =>
    (await get(page, '/api/v1/facilities')).facilities as Record<string, unknown>[];

  app.get(
    '/console/facilities',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'facilities.title', async (page, frame) =>
        renderPage(reply, 200, 'facilities', frame, {
          rows: await listOf(page),
          notice: noticeOf(request, page),
          ...(await formData(page, {})),
        }),
      ),
  );

  app.post(
    '/console/facilities',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'facilities.title', async (page, frame) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const form = formFields(request.body);
        const created = await callApi(
          inject,
          page.principal,
          'POST',
          '/api/v1/facilities',
          facilityBody(form, true),
        );
        if (created.status === 201) {
          const id = (created.body.facility as { id: string }).id;
          return seeOther(reply, `/console/facilities/${id}?done=created`);
        }
        return renderPage(reply, created.status, 'facilities', frame, {
          rows: await listOf(page),
          ...(await formData(page, form, refusalOf(created.body, FACILITY_PATHS))),
        });
      }),
  );

  app.get(
    '/console/facilities/:id',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'facilities.title', async (page, frame) => {
        const facility = (await get(page, `/api/v1/facilities/${pathId(request)}`)).facility as Record<
          string,
          unknown
        >;
        return renderPage(
          reply,
          200,
          'facility',
          { ...frame, title: String(facility.name) },
          {
            id: facility.id,
            notice: noticeOf(request, page),
            ...(await formData(page, formOf(facility))),
          },
        );
      }),
  );

  app.post(
    '/console/facilities/:id',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'facilities.title', async (page, frame) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const form = formFields(request.body);
        const id = pathId(request);
        const saved = await callApi(
          inject,
          page.principal,
          'PUT',
          `/api/v1/facilities/${id}`,
          facilityBody(form, false),
        );
        if (saved.status === 200) return seeOther(reply, `/console/facilities/${id}?done=saved`);
        if (saved.status === 404) throw apiRefusal(saved);
        const facility = (await get(page, `/api/v1/facilities/${id}`)).facility as Record<string, unknown>;
        return renderPage(
          reply,
          saved.status,
          'facility',
          { ...frame, title: String(facility.name) },
          {
            id: facility.id,
            ...(await formData(
              page,
              { ...form, gln: String(facility.gln) },
              refusalOf(saved.body, FACILITY_PATHS),
            )),
          },
        );
      }),
  );
}
