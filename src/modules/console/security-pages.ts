// The member's own security: TOTP enrolment (QR code and the secret for manual entry, confirmed with
// a code; the recovery codes shown once), and the members list with invitations (links shown once).
import type { App, AppContext } from '../../context.ts';
import { ROLES } from '../../domain/auth/permissions.ts';
import { pageFrames } from './frame.ts';
import { assertMfaSatisfied, roleOf } from './guards.ts';
import * as members from './members.ts';
import { confirmEnrolment, startEnrolment } from './mfa.ts';
import { checkFormCsrf, formFields, MEMBER_PAGE, PAGE_ANSWERS, renderPage } from './pages.ts';
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
      return renderPage(reply, 200, 'security', page.frame(page.t('security.title')));
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
        return renderPage(reply, 200, 'security', { ...frame, principal: enrolled }, { recoveryCodes });
      } catch (error) {
        return refusal(reply, error, frame, 'security');
      }
    },
  );

  const membersPage = async (tenantId: string) => ({
    members: await members.listMembers(context, tenantId),
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
}
