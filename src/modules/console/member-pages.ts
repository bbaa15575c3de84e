// A member's role in the console: the form that changes another member's role and whether it may
// manage members, acting through PATCH /console/api/members/{id} as the member who changes it.
import type { FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../context.ts';
import { ROLES } from '../../domain/auth/permissions.ts';
import { apiRefusal } from './api-refusal.ts';
import { withFlash } from './flash.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import * as members from './members.ts';
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
import { type FormRefusal, refusalOf } from './party-forms.ts';
import type { SessionService } from './sessions.ts';

const hide = true;
const idOf = (request: FastifyRequest) => (request.params as { id?: string }).id ?? '';

export async function memberPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);

  /** The member the path names, read from the workspace's own list: another workspace's is 404. */
  async function memberOf(page: SignedInPage, id: string) {
    const list = await members.listMembers(context, page.principal.tenant.id);
    const found = list.find((candidate) => candidate.id === id);
    if (!found) throw apiRefusal({ status: 404, body: { message: 'Member not found' } });
    return found;
  }

  const roleData = (target: members.MemberRecord, form: Record<string, string>, refusal?: FormRefusal) => ({
    target,
    roles: ROLES,
    form,
    refusal: refusal ?? null,
    errors: refusal?.fields ?? {},
  });

  app.get(
    '/console/members/:id',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'members.title', async (page, frame) => {
        const target = await memberOf(page, idOf(request));
        const form = { role: target.role, manageMembers: target.manageMembers ? 'on' : '' };
        return renderPage(reply, 200, 'member', { ...frame, title: target.email }, roleData(target, form));
      }),
  );

  app.post(
    '/console/members/:id',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'members.title', async (page, frame) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const target = await memberOf(page, idOf(request));
        const form = formFields(request.body);
        // An unchecked box sends nothing: the form always says what it wants.
        const body = { role: form.role ?? '', manageMembers: form.manageMembers === 'on' };
        const changed = await callApi(inject, page.principal, 'PATCH', '/console/api/members/{id}', {
          params: { id: target.id },
          payload: body,
        });
        if (changed.status !== 200) {
          const why = refusalOf(changed.body, ['role', 'manageMembers']);
          return renderPage(
            reply,
            changed.status,
            'member',
            { ...frame, title: target.email },
            {
              ...roleData(target, form, why),
            },
          );
        }
        return seeOther(reply, withFlash('/console/members', 'roleChanged'));
      }),
  );
}
