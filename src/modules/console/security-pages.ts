// The member's own security: TOTP enrolment (QR code and the secret for manual entry, confirmed with
// a code; the recovery codes shown once), and the members list with invitations (links shown once),
// whose screen is member-list-pages.ts.
import type { App, AppContext } from '../../context.ts';
import { pageFrames } from './frame.ts';
import { memberListPages } from './member-list-pages.ts';
import { confirmEnrolment, pendingEnrolment, startEnrolment } from './mfa.ts';
import { checkFormCsrf, formFields, MEMBER_PAGE, PAGE_ANSWERS, renderPage } from './pages.ts';
import type { SessionService } from './sessions.ts';

const hide = true;

export async function securityPages(app: App, context: AppContext, sessions: SessionService) {
  mfaPages(app, context, sessions);
  memberListPages(app, context, sessions);
}

/** The security screen: the member's MFA enrolment started and confirmed. */
function mfaPages(app: App, context: AppContext, sessions: SessionService): void {
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
}
