// Facilities in the console: the list with a registration form and one facility's edit page
// (party-edit-pages.ts), saved as a full replacement through PUT; the GLN stays. The form offers the
// operators a facility may belong to.
import type { App, AppContext } from '../../context.ts';
import { expectStatus } from './api-refusal.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import { callApi, type Inject } from './pages.ts';
import { partyEditPages } from './party-edit-pages.ts';
import { FACILITY_PATHS, facilityBody } from './party-forms.ts';
import type { SessionService } from './sessions.ts';

export async function facilityPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);

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

  partyEditPages(app, memberPage, sessions, {
    path: '/console/facilities',
    title: 'facilities.title',
    views: { list: 'facilities', one: 'facility' },
    fieldPaths: FACILITY_PATHS,
    list: async (page) =>
      expectStatus(await callApi(inject, page.principal, 'GET', '/api/v1/facilities'), 200).facilities,
    read: async (page, id) =>
      expectStatus(
        await callApi(inject, page.principal, 'GET', '/api/v1/facilities/{id}', { params: { id } }),
        200,
      ).facility,
    create: (page, form) =>
      callApi(inject, page.principal, 'POST', '/api/v1/facilities', { payload: facilityBody(form, true) }),
    createdId: (body) => (body as { facility: { id: string } }).facility.id,
    update: (page, id, form) =>
      callApi(inject, page.principal, 'PUT', '/api/v1/facilities/{id}', {
        params: { id },
        payload: facilityBody(form, false),
      }),
    formData: async (page, form, refusal) => ({
      form,
      refusal: refusal ?? null,
      errors: refusal?.fields ?? {},
      operators: await operatorsOf(page, form.operatorId),
    }),
    fixed: (facility) => ({ gln: String(facility.gln) }),
  });
}
