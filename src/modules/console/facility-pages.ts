// Facilities in the console: the list with a registration form, and one facility's edit page (a
// full replacement through PUT; the GLN stays). Every action goes through the facilities API as the
// member; a refusal brings the form back as typed, the message by its field.
import type { App, AppContext } from '../../context.ts';
import { apiRefusal, expectStatus } from './api-refusal.ts';
import { formPage } from './form-page.ts';
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
import { explainer } from './party-words.ts';
import type { SessionService } from './sessions.ts';

const hide = true;

export async function facilityPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);

  async function readOne(page: SignedInPage, id: string) {
    const answer = await callApi(inject, page.principal, 'GET', '/api/v1/facilities/{id}', {
      params: { id },
    });
    return expectStatus(answer, 200).facility;
  }

  /**
   * The operators a facility may belong to: the live ones, and its own even when archived, so that
   * saving the form does not drop it. Without operator:read the choice is just "none".
   */
  async function operatorsOf(page: SignedInPage, current: string | undefined) {
    const list = await callApi(inject, page.principal, 'GET', '/api/v1/operators', {
      query: 'includeArchived=true',
    });
    if (list.status !== 200) return [];
    return list.body.operators.filter((operator) => operator.archivedAt === null || operator.id === current);
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
    expectStatus(await callApi(inject, page.principal, 'GET', '/api/v1/facilities'), 200).facilities;

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
        const form = formFields(request.body);
        return formPage(reply, frame, {
          check: () => checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken),
          send: () =>
            callApi(inject, page.principal, 'POST', '/api/v1/facilities', {
              payload: facilityBody(form, true),
            }),
          accepted: 201,
          done: (created) => seeOther(reply, `/console/facilities/${created.body.facility.id}?done=created`),
          view: 'facilities',
          again: async (refused) => ({
            rows: await listOf(page),
            ...(await formData(page, form, refusalOf(refused.body, FACILITY_PATHS, explainer(page.lang)))),
          }),
        });
      }),
  );

  app.get(
    '/console/facilities/:id',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'facilities.title', async (page, frame) => {
        const facility = await readOne(page, pathId(request));
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
        const form = formFields(request.body);
        const id = pathId(request);
        // The form comes back under the stored facility's name, read once the refusal is known.
        const edit = { ...frame };
        return formPage(reply, edit, {
          check: () => checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken),
          send: () =>
            callApi(inject, page.principal, 'PUT', '/api/v1/facilities/{id}', {
              params: { id },
              payload: facilityBody(form, false),
            }),
          accepted: 200,
          done: () => seeOther(reply, `/console/facilities/${id}?done=saved`),
          view: 'facility',
          again: async (saved) => {
            if (saved.status === 404) throw apiRefusal(saved);
            const facility = await readOne(page, id);
            edit.title = facility.name;
            return {
              id: facility.id,
              ...(await formData(
                page,
                { ...form, gln: String(facility.gln) },
                refusalOf(saved.body, FACILITY_PATHS, explainer(page.lang)),
              )),
            };
          },
        });
      }),
  );
}
