// The frame of a signed-in page: the member's session (a signed-out visitor is sent to sign in),
// slid forward when half its JWT's life has passed, and its CSRF token for the page's forms.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, storeUnavailable } from '../../core/errors.ts';
import type { Lang } from '../../core/i18n.ts';
import { loggableError } from '../../core/loggable-error.ts';
import type { SessionPrincipal } from '../../core/principal.ts';
import { isStoreUnavailable } from '../../db/errors.ts';
import { setSessionCookie } from './cookies.ts';
import { flashOf } from './flash.ts';
import { type PageFrame, pageLanguage, renderPage, seeOther, tr } from './pages.ts';
import { SESSION_TTL_S } from './session-token.ts';
import type { SessionService } from './sessions.ts';

export interface SignedInPage {
  principal: SessionPrincipal;
  lang: Lang;
  frame: (title: string) => PageFrame;
  t: ReturnType<typeof tr>;
}

export function pageFrames(sessions: SessionService, clock: () => Date) {
  /** The signed-in page's frame, or null after redirecting a signed-out visitor to the sign-in page. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<SignedInPage | null> {
    const principal = request.principal;
    if (principal?.kind !== 'session') {
      seeOther(reply, '/console/sign-in');
      return null;
    }
    const lang = pageLanguage(request);
    const left = principal.session.expiresAt - clock().getTime() / 1000;
    if (principal.session.via === 'cookie' && left < SESSION_TTL_S / 2) {
      const fresh = await sessions.refresh(principal);
      setSessionCookie(request, reply, fresh.token);
    }
    const csrfToken = sessions.keys.csrfToken(principal.session.id);
    const flash = flashOf(request.query, tr(lang));
    return {
      principal,
      lang,
      t: tr(lang),
      frame: (title) => ({ lang, title, principal, csrfToken, flash }),
    };
  }

  /**
   * Renders an AppError on the page it came from, with its status, and a store that cannot be
   * reached as a 503 with Retry-After; anything else propagates.
   */
  function refusal(
    reply: FastifyReply,
    caught: unknown,
    frame: PageFrame,
    view: string,
    data: Record<string, unknown> = {},
  ) {
    let error = caught;
    if (!(error instanceof AppError) && isStoreUnavailable(error)) {
      reply.log.warn({ err: loggableError(error) }, 'store unavailable');
      error = storeUnavailable();
    }
    if (!(error instanceof AppError) || (error.status >= 500 && error.code !== 'UNAVAILABLE')) throw error;
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    return renderPage(reply, error.status, view, frame, { ...data, error: error.message });
  }

  /**
   * A signed-in page titled `titleKey`: the visitor is sent to sign in, and an AppError the page
   * meets is shown on the message page with its status.
   */
  async function memberPage(
    request: FastifyRequest,
    reply: FastifyReply,
    titleKey: string,
    show: (page: SignedInPage, frame: PageFrame) => Promise<FastifyReply>,
  ): Promise<FastifyReply> {
    const page = await signedIn(request, reply);
    if (!page) return reply;
    const frame = page.frame(page.t(titleKey));
    try {
      return await show(page, frame);
    } catch (error) {
      return refusal(reply, error, frame, 'message', { message: '' });
    }
  }

  return { signedIn, refusal, memberPage };
}
