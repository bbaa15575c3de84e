// The member's own security: TOTP enrolment (QR code and the secret for manual entry, confirmed with
// a code; the recovery codes shown once), and the members list with invitations (links shown once).
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { ROLES } from '../../domain/auth/permissions.ts';
import { confirmPage, isConfirmed } from './confirm-step.ts';
import { withFlash } from './flash.ts';
import { pageFrames } from './frame.ts';
import { assertMfaSatisfied, roleOf } from './guards.ts';
import * as members from './members.ts';
import { confirmEnrolment, pendingEnrolment, startEnrolment } from './mfa.ts';
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

export async function securityPages(app: App, context: AppContext, sessions: SessionService) {
  const { signedIn, refusal } = pageFrames(sessions, context.clock);

  app.get(
    '/console/security',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const page = await signedIn(request, reply);
      if (!page) return reply;
      const enrolment = page.principal.member.mfaEnrolled
        ? null
        : await pendingEnrolment(context, page.principal);
      return renderPage(reply, 200, 'security', page.frame(page.t('security.title')), { enrolment });
    },
  );

  app.post(
    '/console/security/mfa',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const page = await signedIn(request, reply);
      if (!page) return reply;
      const frame = page.frame(page.t('security.title'));
      try {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        return renderPage(reply, 200, 'security', frame, {
          enrolment: await startEnrolment(context, page.principal),
        });
      } catch (error) {
        return refusal(reply, error, frame, 'security');
      }
    },
  );

  app.post(
    '/console/security/mfa/confirm',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const page = await signedIn(request, reply);
      if (!page) return reply;
      const frame = page.frame(page.t('security.title'));
      try {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const { recoveryCodes } = await confirmEnrolment(
          context,
          page.principal,
          formFields(request.body).code ?? '',
        );
        const enrolled = { ...page.principal, member: { ...page.principal.member, mfaEnrolled: true } };
        // The recovery codes are shown once, on this answer: no redirect could show them again.
        return renderPage(
          reply,
          200,
          'security',
          { ...frame, principal: enrolled, flash: page.t('flash.mfaOn') },
          { recoveryCodes },
        );
      } catch (error) {
        // A wrong code keeps the offered secret: the form comes back with the same QR code and key.
        return refusal(reply, error, frame, 'security', {
          enrolment: await pendingEnrolment(context, page.principal).catch(() => null),
        });
      }
    },
  );

  const membersPage = async (tenantId: string) => ({
    members: await members.listMembers(context, tenantId),
    invitations: await members.pendingInvitations(context, tenantId),
    roles: ROLES,
  });

  app.get(
    '/console/members',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const page = await signedIn(request, reply);
      if (!page) return reply;
      const frame = page.frame(page.t('members.title'));
      return renderPage(reply, 200, 'members', frame, await membersPage(page.principal.tenant.id));
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
          ...(await membersPage(principal.tenant.id)),
          invited,
        });
      } catch (error) {
        return refusal(reply, error, frame, 'members', await membersPage(principal.tenant.id));
      }
    },
  );

  // A pending invitation withdrawn (its link stops working), after a confirmation step.
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
        return refusal(reply, error, frame, 'members', await membersPage(principal.tenant.id));
      }
    },
  );
}
