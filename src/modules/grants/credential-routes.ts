// "Present a credential" on the hosted request-access page (docs/credential-access.md): the button
// starts an OpenID4VP transaction and shows its wallet URL as a QR code (another device) and as a
// link (this device); Continue collects the credential session into this browser's HttpOnly cookie
// and opens the passport. No script: the page is reloaded by the reader, not polled.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import type { Lang } from '../../core/i18n.ts';
import { errorResponses } from '../../core/schemas.ts';
import { renderView } from '../../core/views.ts';
import { languageOf } from '../../http/language.ts';
import { sendText } from '../../http/reply.ts';
import {
  createPresentationRequest,
  presentationPage,
  SESSION_COOKIE,
  sessionCookieOptions,
} from '../credential-access/service.ts';
import { credentialEndPage, credentialPage, missingPage } from './request-page.ts';
import { requestablePassport } from './requests.ts';

const tags = ['Access requests'];
const HTML = 'text/html; charset=utf-8';
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  vary: 'Accept-Language',
};
const htmlAnswer = (description: string) => ({
  description,
  content: { 'text/html': { schema: Type.String() } },
});
const PassportParams = Type.Object({ passportId: Type.String({ maxLength: 2048 }) });
const TransactionParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const LangQuery = Type.Object({ lang: Type.Optional(Type.String()) });
const PresentationQuery = Type.Object({
  lang: Type.Optional(Type.String()),
  checked: Type.Optional(
    Type.String({ description: 'set by Continue: the page says when the wallet has not answered yet' }),
  ),
});

function sendPage(reply: FastifyReply, status: number, lang: Lang, model: object) {
  reply.headers(PAGE_HEADERS).header('content-language', lang);
  return sendText(reply, status, HTML, renderView('request-access', model));
}

/** Registered in the request pages' scope, which parses their form posts. */
export function credentialPageRoutes(app: App, services: AppContext): void {
  app.post(
    '/request-access/:passportId/credential',
    {
      bodyLimit: 16 * 1024,
      config: { access: { kind: 'public', budget: 'validator' } },
      schema: {
        tags,
        summary:
          'Start presenting a credential for this passport: to the page with its QR code and wallet link',
        params: PassportParams,
        querystring: LangQuery,
        response: {
          303: { description: 'To the presentation page' },
          404: htmlAnswer('No such published passport'),
          ...errorResponses(409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const passport = await requestablePassport(services, request.params.passportId);
      if (!passport) return sendPage(reply, 404, lang, missingPage(lang, 'passport'));
      const created = await createPresentationRequest(services, { passportId: passport.id });
      return reply
        .code(303)
        .header('location', `/request-access/credential/${created.id}?lang=${lang}`)
        .send();
    },
  );

  app.get(
    '/request-access/credential/:id',
    {
      config: { access: { kind: 'public', budget: 'anonymous' } },
      schema: {
        tags,
        summary:
          'A credential presentation as the page shows it: the QR code until the wallet answers, then the passport',
        params: TransactionParams,
        querystring: PresentationQuery,
        response: {
          200: htmlAnswer('The QR code and wallet link, or why no session was opened'),
          303: { description: 'To the passport, with the credential session in this browser’s cookie' },
          404: htmlAnswer('No such presentation'),
          ...errorResponses(429),
        },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const shown = await presentationPage(services, request.params.id);
      if (!shown) return sendPage(reply, 404, lang, missingPage(lang, 'link'));
      const again = shown.passportId ? `/request-access/${shown.passportId}?lang=${lang}` : null;
      if (shown.state === 'pending') {
        const self = `/request-access/credential/${request.params.id}?lang=${lang}&checked=1`;
        const waiting = request.query.checked !== undefined;
        return sendPage(reply, 200, lang, credentialPage(lang, shown.walletUrl, self, waiting));
      }
      if (shown.state === 'session') {
        reply.setCookie(SESSION_COOKIE, shown.session.token, sessionCookieOptions(services.baseUrl));
        const target = shown.passportId ? `/passport/${shown.passportId}?lang=${lang}` : '/';
        return reply.code(303).headers(PAGE_HEADERS).header('location', target).send();
      }
      return sendPage(reply, 200, lang, credentialEndPage(lang, shown.state, again));
    },
  );
}
