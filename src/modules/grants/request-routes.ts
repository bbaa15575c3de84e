// The hosted request-access pages (public, HTML): the form a third party fills in to ask for a grant
// on one passport, the private status link where the requester follows the request, and the one
// collection of the token after approval. Form posts count against the public-validator budget.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import type { Lang } from '../../core/i18n.ts';
import { errorResponses } from '../../core/schemas.ts';
import { renderView } from '../../core/views.ts';
import { stringProblem } from '../../domain/json/hygiene.ts';
import { languageOf } from '../../http/language.ts';
import { sendText } from '../../http/reply.ts';
import { credentialAccessOffered } from '../credential-access/service.ts';
import { credentialPageRoutes } from './credential-routes.ts';
import { type FormValues, formPage, missingPage, sentPage, statusPage } from './request-page.ts';
import {
  type AccessRequestForm,
  REQUESTER_ROLES,
  type RequesterRole,
  requestablePassport,
} from './requests.ts';
import { collectRequestToken, createAccessRequest, requestStatus } from './service.ts';

const tags = ['Access requests'];
const HTML = 'text/html; charset=utf-8';
// Pages load nothing from elsewhere and post only to this node; nothing they show is cached or leaks
// through a Referer (the status link carries its secret).
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  vary: 'Accept-Language',
};
const FORM_LIMIT = 16 * 1024;

const htmlAnswer = (description: string) => ({
  description,
  content: { 'text/html': { schema: Type.String() } },
});

const PassportParams = Type.Object({ passportId: Type.String({ maxLength: 2048 }) });
const RequestParams = Type.Object({ requestId: Type.String({ maxLength: 2048 }) });
const LangQuery = Type.Object({ lang: Type.Optional(Type.String()) });
const StatusQuery = Type.Object({ lang: Type.Optional(Type.String()), key: Type.Optional(Type.String()) });

function sendPage(reply: FastifyReply, status: number, lang: Lang, model: object) {
  reply.headers(PAGE_HEADERS).header('content-language', lang);
  return sendText(reply, status, HTML, renderView('request-access', model));
}

// A JSON body reaches these routes too (the node's JSON parser): only strings count as values.
const field = (body: Record<string, unknown>, name: string) => {
  const value = body[name];
  // Text the store cannot hold (NUL, unpaired surrogates) counts as not given.
  return typeof value === 'string' && stringProblem(value) === null ? value.trim() : '';
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's values, and the request they make when every field is right. */
function readForm(body: Record<string, unknown>): { values: FormValues; form: AccessRequestForm | null } {
  const values = {
    organisation: field(body, 'organisation').slice(0, 200),
    role: field(body, 'role'),
    name: field(body, 'name').slice(0, 200),
    email: field(body, 'email').slice(0, 254),
    purpose: field(body, 'purpose').slice(0, 2000),
  };
  const complete =
    values.organisation !== '' &&
    values.name !== '' &&
    values.purpose !== '' &&
    EMAIL.test(values.email) &&
    (REQUESTER_ROLES as readonly string[]).includes(values.role);
  return { values, form: complete ? { ...values, role: values.role as RequesterRole } : null };
}

export async function requestAccessRoutes(app: App, services: AppContext): Promise<void> {
  // Form posts only here: the parser is registered in this plugin's own scope.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, text, done) => {
        const body: Record<string, string> = {};
        for (const [name, value] of new URLSearchParams(String(text))) {
          if (!(name in body)) body[name] = value;
        }
        done(null, body);
      },
    );
    requestFormPages(scope, services);
    requestStatusPages(scope, services);
    credentialPageRoutes(scope, services);
  });
}

/** Whether the form offers "Present a credential" beside the request (the node trusts an issuer). */
const offered = credentialAccessOffered;

const budget = { kind: 'public', budget: 'anonymous' } as const;
const formBudget = { kind: 'public', budget: 'validator' } as const;

/** The form on one passport, and the form sent: a pending request and its private status link. */
function requestFormPages(app: App, services: AppContext): void {
  app.get(
    '/request-access/:passportId',
    {
      config: { access: budget },
      schema: {
        tags,
        summary: 'The form a third party fills in to ask for access to restricted passport data',
        params: PassportParams,
        querystring: LangQuery,
        response: {
          200: htmlAnswer('The form'),
          404: htmlAnswer('No such published passport'),
          ...errorResponses(429),
        },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const passport = await requestablePassport(services, request.params.passportId);
      if (!passport) return sendPage(reply, 404, lang, missingPage(lang, 'passport'));
      return sendPage(reply, 200, lang, formPage(lang, passport, undefined, false, await offered(services)));
    },
  );

  app.post(
    '/request-access/:passportId',
    {
      // At route level too: a route's limit wins over its parser's, whatever the content type.
      bodyLimit: FORM_LIMIT,
      config: { access: formBudget },
      schema: {
        tags,
        summary: 'Send the form: a pending request, and its private status link',
        params: PassportParams,
        querystring: LangQuery,
        response: {
          200: htmlAnswer('Request received'),
          400: htmlAnswer('The form again, with what to correct'),
          404: htmlAnswer('No such published passport'),
          ...errorResponses(413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const passport = await requestablePassport(services, request.params.passportId);
      if (!passport) return sendPage(reply, 404, lang, missingPage(lang, 'passport'));
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      // The honeypot: a field people never see. A bot that fills it is thanked and nothing is stored.
      if (field(body, 'website') !== '') return sendPage(reply, 200, lang, sentPage(lang, null));
      const { values, form } = readForm(body);
      if (!form) return sendPage(reply, 400, lang, formPage(lang, passport, values, true));
      const created = await createAccessRequest(services, passport.id, form);
      if (!created) return sendPage(reply, 404, lang, missingPage(lang, 'passport'));
      const statusUrl = `${services.baseUrl}/request-access/status/${created.requestId}?key=${created.secret}&lang=${lang}`;
      return sendPage(reply, 200, lang, sentPage(lang, statusUrl));
    },
  );
}

/** A request's private status page, and the one collection of its token after approval. */
function requestStatusPages(app: App, services: AppContext): void {
  app.get(
    '/request-access/status/:requestId',
    {
      config: { access: budget },
      schema: {
        tags,
        summary: 'A request’s private status page (?key= from the link given when it was sent)',
        params: RequestParams,
        querystring: StatusQuery,
        response: {
          200: htmlAnswer('The status'),
          404: htmlAnswer('No request with this link'),
          ...errorResponses(429),
        },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const key = request.query.key ?? '';
      const status = await requestStatus(services, request.params.requestId, key);
      if (!status) return sendPage(reply, 404, lang, missingPage(lang, 'link'));
      const collect =
        status.state === 'ready'
          ? { action: `/request-access/status/${status.requestId}/collect?lang=${lang}`, key }
          : null;
      return sendPage(reply, 200, lang, statusPage(lang, status, collect, null));
    },
  );

  app.post(
    '/request-access/status/:requestId/collect',
    {
      bodyLimit: FORM_LIMIT,
      config: { access: formBudget },
      schema: {
        tags,
        summary: 'Collect an approved request’s token: shown on this answer only, never again',
        params: RequestParams,
        querystring: LangQuery,
        response: {
          200: htmlAnswer('The token, or the status when there is none to collect'),
          404: htmlAnswer('No request with this link'),
          ...errorResponses(413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      const collected = await collectRequestToken(services, request.params.requestId, field(body, 'key'));
      if (!collected) return sendPage(reply, 404, lang, missingPage(lang, 'link'));
      return sendPage(reply, 200, lang, statusPage(lang, collected.status, null, collected.token));
    },
  );
}
