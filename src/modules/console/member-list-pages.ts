// The workspace's members in the console: the list with the pending invitations, a member invited
// from it (the invitation's link shown once), and a pending invitation withdrawn after a confirmation
// step. One member's role is changed on member-pages.ts.
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { ROLES } from '../../domain/auth/permissions.ts';
import { confirmPage, isConfirmed } from './confirm-step.ts';
import { withFlash } from './flash.ts';
import { pageFrames } from './frame.ts';
import { assertMfaSatisfied, roleOf } from './guards.ts';
import * as members from './members.ts';
import {
  checkFormCsrf,
  formFields,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  renderPage,
  seeOther,
  UuidParams,
} from './pages.ts';
import type { SessionService } from './sessions.ts';

const hide = true;

/** The members page's model: the members, the pending invitations, and the roles to invite with. */
const membersPage = async (context: AppContext, tenantId: string) => ({
  members: await members.listMembers(context, tenantId),
  invitations: await members.pendingInvitations(context, tenantId),
  roles: ROLES,
});

export function memberListPages(app: App, context: AppContext, sessions: SessionService): void {
  memberListPage(app, context, sessions);
  invitationWithdrawPage(app, context, sessions);
}

/** The members list, and a member invited from its form. */
function memberListPage(app: App, context: AppContext, sessions: SessionService): void {
  const { signedIn, refusal } = pageFrames(sessions, context.clock);

  app.get(
    '/console/members',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const page = await signedIn(request, reply);
      if (!page) return reply;
      const frame = page.frame(page.t('members.title'));
      return renderPage(reply, 200, 'members', frame, await membersPage(context, page.principal.tenant.id));
    },
  );

  app.post(
    '/console/members',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const page = await signedIn(request, reply);
      if (!page) return reply;
      const frame = page.frame(page.t('members.title'));
      const { principal } = page;
      try {
        checkFormCsrf(principal, request.body, sessions.keys.sameCsrfToken);
        assertMfaSatisfied(principal);
        const form = formFields(request.body);
        const role = ROLES.find((candidate) => candidate === form.role);
        const invited = await members.inviteMember(
          context,
          principal.tenant.id,
          {
            memberId: principal.member.id,
            role: roleOf(principal),
            manageMembers: principal.member.manageMembers,
          },
          { email: form.email ?? '', ...(role ? { role } : {}), manageMembers: form.manageMembers === 'on' },
        );
        return renderPage(reply, 201, 'members', frame, {
          ...(await membersPage(context, principal.tenant.id)),
          invited,
        });
      } catch (error) {
        return refusal(reply, error, frame, 'members', await membersPage(context, principal.tenant.id));
      }
    },
  );
}

/** A pending invitation withdrawn (its link stops working), after a confirmation step. */
function invitationWithdrawPage(app: App, context: AppContext, sessions: SessionService): void {
  const { signedIn, refusal } = pageFrames(sessions, context.clock);

  app.post(
    '/console/members/invitations/:id/withdraw',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: UuidParams, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const page = await signedIn(request, reply);
      if (!page) return reply;
      const frame = page.frame(page.t('members.title'));
      const { principal } = page;
      try {
        checkFormCsrf(principal, request.body, sessions.keys.sameCsrfToken);
        assertMfaSatisfied(principal);
        const id = request.params.id;
        if (!isConfirmed(request.body)) {
          const pending = await members.pendingInvitations(context, principal.tenant.id);
          const found = pending.find((invitation) => invitation.id === id);
          if (!found) throw new AppError('NOT_FOUND', 'Invitation not found, or no longer pending');
          const email = found.email || page.t('invitations.open');
          return confirmPage(
            reply,
            { ...frame, title: page.t('confirm.title', { name: email }) },
            {
              question: page.t('confirm.withdrawInvitation', { email }),
              consequence: page.t('confirm.withdrawConsequence'),
              action: `/console/members/invitations/${id}/withdraw`,
              confirmLabel: page.t('invitations.withdraw'),
              back: '/console/members',
            },
          );
        }
        await members.withdrawInvitation(
          context,
          principal.tenant.id,
          { memberId: principal.member.id, manageMembers: principal.member.manageMembers },
          id,
        );
        return seeOther(reply, withFlash('/console/members', 'invitationWithdrawn'));
      } catch (error) {
        return refusal(reply, error, frame, 'members', await membersPage(context, principal.tenant.id));
      }
    },
  );
}
