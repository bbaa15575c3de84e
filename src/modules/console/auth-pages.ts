// Sign-in (with the MFA challenge), sign-out and invitation pages: plain forms, no script.
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { clearSessionCookie, setSessionCookie } from './cookies.ts';
import { flashOf, withFlash } from './flash.ts';
import { pageFrames } from './frame.ts';
import * as members from './members.ts';
import {
  checkFormCsrf,
  formFields,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  pageLanguage,
  renderPage,
  seeOther,
  tr,
} from './pages.ts';
import { WEAK_PASSWORD } from './passwords.ts';
import type { SessionService } from './sessions.ts';

const hide = true; // pages are not part of the API document
const anonymous = { kind: 'public', budget: 'anonymous' } as const;
const InvitationParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

/** A guessable password's refusal opens with the page's own words; zxcvbn's reason follows in English. */
function localisedRefusal(error: unknown, weak: string): unknown {
  if (!(error instanceof AppError) || !error.message.startsWith(WEAK_PASSWORD)) return error;
  return new AppError('BAD_REQUEST', `${weak}${error.message.slice(WEAK_PASSWORD.length)}`);
}

/** The frame of a page for a visitor not signed in, titled in the page's language. */
function visitorFrame(request: Parameters<typeof pageLanguage>[0], key: string) {
  const lang = pageLanguage(request);
  return { lang, title: tr(lang)(key), principal: null, flash: flashOf(request.query, tr(lang)) };
}

export async function authPages(app: App, context: AppContext, sessions: SessionService): Promise<void> {
  signInPages(app, context, sessions);
  signOutPage(app, sessions);
  invitationPages(app, context, sessions);
}

/** The sign-in form, and the MFA challenge it leads to when the member has enrolled. */
function signInPages(app: App, context: AppContext, sessions: SessionService): void {
  const { refusal } = pageFrames(sessions, context.clock);

  app.get(
    '/console/sign-in',
    { config: { access: anonymous }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) => {
      if (request.principal?.kind === 'session') return seeOther(reply, '/console/');
      const query = request.query as { workspace?: unknown };
      const workspaceName = typeof query.workspace === 'string' ? query.workspace : '';
      return renderPage(reply, 200, 'sign-in', visitorFrame(request, 'signIn.title'), {
        workspaceName,
        email: '',
      });
    },
  );

  app.post(
    '/console/sign-in',
    { config: { access: anonymous }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const form = formFields(request.body);
      const input = {
        workspace: form.workspace ?? '',
        email: form.email ?? '',
        password: form.password ?? '',
      };
      try {
        const result = await sessions.signIn(input, request.ip);
        if (result.kind === 'challenge') {
          return renderPage(reply, 200, 'challenge', visitorFrame(request, 'signIn.mfaTitle'), {
            challenge: result.challenge,
          });
        }
        setSessionCookie(request, reply, result.token);
        return seeOther(reply, '/console/');
      } catch (error) {
        return refusal(reply, error, visitorFrame(request, 'signIn.title'), 'sign-in', {
          workspaceName: input.workspace,
          email: input.email,
        });
      }
    },
  );

  app.post(
    '/console/sign-in/mfa',
    { config: { access: anonymous }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const form = formFields(request.body);
      try {
        const result = await sessions.completeChallenge(form.challenge ?? '', form.code ?? '', request.ip);
        setSessionCookie(request, reply, result.token);
        return seeOther(reply, '/console/');
      } catch (error) {
        return refusal(reply, error, visitorFrame(request, 'signIn.mfaTitle'), 'challenge', {
          challenge: form.challenge ?? '',
        });
      }
    },
  );
}

/** Sign-out: the session ended and its cookie cleared. */
function signOutPage(app: App, sessions: SessionService): void {
  app.post(
    '/console/sign-out',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const principal = request.principal;
      if (principal?.kind === 'session') {
        checkFormCsrf(principal, request.body, sessions.keys.sameCsrfToken);
        await sessions.signOut(principal);
      }
      clearSessionCookie(request, reply);
      return seeOther(reply, withFlash('/console/sign-in', 'signedOut'));
    },
  );
}

/** An invitation opened, and accepted with the new member's password. */
function invitationPages(app: App, context: AppContext, sessions: SessionService): void {
  const { refusal } = pageFrames(sessions, context.clock);

  app.get(
    '/console/invitations/:token',
    { config: { access: anonymous }, schema: { hide, params: InvitationParams, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const found = await members.openInvitation(context, request.params.token);
      const frame = visitorFrame(request, 'invitation.title');
      if (!found)
        return renderPage(reply, 404, 'message', frame, { message: tr(frame.lang)('invitation.invalid') });
      return renderPage(reply, 200, 'invitation', frame, {
        email: found.email,
        open: found.open,
        token: request.params.token,
      });
    },
  );

  app.post(
    '/console/invitations/:token',
    { config: { access: anonymous }, schema: { hide, params: InvitationParams, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const form = formFields(request.body);
      const frame = visitorFrame(request, 'invitation.title');
      try {
        const password = form.password ?? '';
        if (password !== (form.repeat ?? ''))
          throw new AppError('BAD_REQUEST', tr(frame.lang)('invitation.mismatch'));
        const accepted = await members.acceptInvitation(
          context,
          request.params.token,
          password,
          form.email ?? '',
        );
        return seeOther(
          reply,
          withFlash(`/console/sign-in?workspace=${encodeURIComponent(accepted.workspace)}`, 'joined'),
        );
      } catch (error) {
        const found = await members.openInvitation(context, request.params.token);
        if (!found)
          return renderPage(reply, 404, 'message', frame, { message: tr(frame.lang)('invitation.invalid') });
        return refusal(
          reply,
          localisedRefusal(error, tr(frame.lang)('invitation.weak')),
          frame,
          'invitation',
          {
            email: found.open ? (form.email ?? '') : found.email,
            open: found.open,
            token: request.params.token,
          },
        );
      }
    },
  );
}
