// The language switch every console page carries, and the cookie that keeps a `?lang=` choice for
// the next click. A choice is kept in the browser (the cookie) and, for a signed-in member, in the
// member's profile, so it follows the member to another browser. See docs/console.md, "Language".

import type { App, AppContext } from '../../context.ts';
import { supportedFor } from '../../core/i18n.ts';
import { LANGUAGE_COOKIE, setLanguageCookie } from './cookies.ts';
import * as members from './members.ts';
import { checkFormCsrf, formFields, MEMBER_PAGE, PAGE_ANSWERS, seeOther } from './pages.ts';
import type { SessionService } from './sessions.ts';

/** A path of the console to go back to; anything else (another site, `//host`) goes to the overview. */
function backTo(value: string | undefined): string {
  if (value === undefined || !value.startsWith('/console') || /[\\\s]/.test(value)) return '/console/';
  return value;
}

export async function languagePages(app: App, context: AppContext, sessions: SessionService): Promise<void> {
  // A page opened with `?lang=` keeps that language for the pages after it.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET') return;
    const query = (request.query as { lang?: unknown } | undefined)?.lang;
    const lang = typeof query === 'string' ? supportedFor(query) : undefined;
    if (lang !== undefined && request.cookies?.[LANGUAGE_COOKIE] !== lang)
      setLanguageCookie(request, reply, lang);
  });

  app.post(
    '/console/language',
    { config: { access: MEMBER_PAGE }, schema: { hide: true, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const form = formFields(request.body);
      const lang = supportedFor(form.lang ?? '');
      const back = backTo(form.back);
      if (lang === undefined) return seeOther(reply, back);
      const principal = request.principal;
      if (principal?.kind === 'session') {
        checkFormCsrf(principal, request.body, sessions.keys.sameCsrfToken);
        await members.chooseLanguage(context, principal, lang);
      }
      setLanguageCookie(request, reply, lang);
      return seeOther(reply, back);
    },
  );
}
