// What every console page shares: the layout with its navigation, the language, the content policy,
// form bodies, the CSRF token in forms, and the console's way of acting: through the node's own API
// with the member's session JWT as a Bearer, so a page can do exactly what the API lets that member
// do, under the same permission, plan, subscription and MFA rules.
import type { FastifyReply, FastifyRequest, InjectOptions } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { LANGUAGE_NAMES, type Lang, SUPPORTED_LANGUAGES, supportedFor, t } from '../../core/i18n.ts';
import type { SessionPrincipal } from '../../core/principal.ts';
import { emptyResponse } from '../../core/schemas.ts';
import { renderView } from '../../core/views.ts';
import { FORM_PAGE_BODY_LIMIT } from '../../http/body-limits.ts';
import { languageOf } from '../../http/language.ts';
import { sendText } from '../../http/reply.ts';
import type { ApiAnswer, ApiMethod, ApiPath } from './api-answers.ts';
import { LANGUAGE_COOKIE } from './cookies.ts';
import { names } from './names.ts';
import { pageWords } from './page-words.ts';
import { CONSOLE_STYLE } from './style.ts';

export type Inject = (options: InjectOptions) => Promise<{
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
  body: string;
  rawPayload: Buffer;
}>;

export const CONSOLE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const HTML = 'text/html; charset=utf-8';

/** A page answer: the page, in HTML, for this status. */
export const page = (description: string) => ({
  description,
  content: { 'text/html': { schema: Type.String() } },
});
export const redirect = emptyResponse('See Other: the next page');

/** The access rule of a console page: a signed-in member when there is one (else the sign-in form), forms CSRF-checked. */
export const MEMBER_PAGE = { kind: 'member', optional: true, formCsrf: true } as const;
/** Path parameters of a page about one record named by its UUID (a key, a grant, a subscription). */
export const UuidParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
/** Path parameters of a passport page: the passport's UUID or product identifier. */
export const PassportParams = Type.Object({ id: Type.String({ maxLength: 2048 }) });

/** The statuses every console page may answer, with the page that says why. */
export const PAGE_ANSWERS = {
  200: page('The page'),
  201: page('The page, with what was just made (shown once)'),
  303: redirect,
  400: page('The form again, with what was wrong'),
  401: page('The sign-in form again'),
  402: page('The plan or subscription refuses it'),
  403: page('The refusal, explained'),
  404: page('Not found'),
  409: page('The conflict, explained'),
  429: page('Too many attempts'),
  503: page('The store cannot be reached right now: try again shortly (Retry-After)'),
};

export interface PageFrame {
  lang: Lang;
  title: string;
  principal: SessionPrincipal | null;
  csrfToken?: string;
  /** What the form before the redirect did (flash.ts), said once at the top of the page. */
  flash?: string | undefined;
}

export function tr(lang: Lang) {
  return (key: string, params?: Record<string, string | number>) => t(lang, `console.${key}`, params);
}

/** The page's HTML in the console's layout. */
function pageHtml(
  request: FastifyRequest,
  view: string,
  frame: PageFrame,
  data: Record<string, unknown>,
): string {
  return renderView(`console/${view}`, {
    ...pageWords(frame.lang),
    ...data,
    lang: frame.lang,
    languages: LANGUAGE_CHOICES,
    names: names(frame.lang),
    here: pageHere(request),
    title: frame.title,
    style: CONSOLE_STYLE,
    t: tr(frame.lang),
    member: frame.principal?.member ?? null,
    workspace: frame.principal?.tenant ?? null,
    csrfToken: frame.csrfToken ?? '',
    flash: frame.flash ?? '',
  });
}

/** The headers every page answer carries, whole or streamed. */
function pageHeaders(reply: FastifyReply, lang: Lang): void {
  reply
    .header('content-language', lang)
    .header('content-security-policy', CONSOLE_POLICY)
    .header('cache-control', 'no-store')
    .header('vary', 'Accept-Language, Cookie');
}

export function renderPage(
  reply: FastifyReply,
  status: number,
  view: string,
  frame: PageFrame,
  data: Record<string, unknown> = {},
) {
  pageHeaders(reply, frame.lang);
  return sendText(reply, status, HTML, pageHtml(reply.request, view, frame, data));
}

export const seeOther = (reply: FastifyReply, location: string) =>
  reply.code(303).header('location', location).header('cache-control', 'no-store').send(null);

/**
 * The page's language: an explicit `?lang=`, else the language cookie (the last choice made in this
 * browser), else the member's profile (the last choice made anywhere), else Accept-Language, else
 * English. Unsupported values fall through to the next source. See docs/console.md, "Language".
 */
export function pageLanguage(request: FastifyRequest): Lang {
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  const principal = request.principal;
  const profile = principal?.kind === 'session' ? principal.member.language : null;
  for (const choice of [query, request.cookies?.[LANGUAGE_COOKIE], profile]) {
    const lang = typeof choice === 'string' ? supportedFor(choice) : undefined;
    if (lang !== undefined) return lang;
  }
  return languageOf(request);
}

/**
 * Where the language switch sends the visitor back to: the page itself for a GET (without its
 * `lang`), else the page the form was on when the browser says so, else the overview.
 */
function pageHere(request: FastifyRequest): string {
  let url = request.url;
  if (request.method !== 'GET') {
    const referer = request.headers.referer;
    try {
      url = typeof referer === 'string' ? new URL(referer).pathname + new URL(referer).search : '';
    } catch {
      url = '';
    }
  }
  const parsed = new URL(url, 'http://console.invalid');
  if (!parsed.pathname.startsWith('/console')) return '/console/';
  parsed.searchParams.delete('lang');
  return parsed.pathname + parsed.search;
}

/** The language switch's choices, each in its own language. */
const LANGUAGE_CHOICES = SUPPORTED_LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] }));

/** Form fields as strings (a repeated field as its last value); `all` keeps every value of one field. */
export function formFields(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (body instanceof URLSearchParams) for (const [name, value] of body) out[name] = value;
  return out;
}

export function formAll(body: unknown, name: string): string[] {
  return body instanceof URLSearchParams ? body.getAll(name) : [];
}

/** Registers the form parser on the console's own scope only; the API keeps JSON alone. */
export function acceptForms(scope: App): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_PAGE_BODY_LIMIT },
    (_request, text, done) => done(null, new URLSearchParams(text as string)),
  );
}

/**
 * A form write of a signed-in member: the session must be live and the form must carry the
 * session's CSRF token (`_csrf`), since a form cannot send X-CSRF-Token.
 */
export function checkFormCsrf(
  principal: SessionPrincipal,
  body: unknown,
  same: (sessionId: string, token: string) => boolean,
): void {
  const presented = formFields(body)._csrf ?? '';
  if (principal.session.via === 'cookie' && !same(principal.session.id, presented)) {
    throw new AppError('FORBIDDEN', 'The form has expired: reload the page and try again');
  }
}

/** What a call adds to its path template: the path's segments (as sent), the query, a body, headers. */
export interface ApiCallOptions {
  /** Each `{name}` of the template, already a path segment (the caller encodes what needs it). */
  params?: Record<string, string>;
  /** The query string, without its `?`. */
  query?: string | URLSearchParams;
  payload?: unknown;
  /** Such as Accept-Language, for localised answers. */
  headers?: Record<string, string>;
}

/** Calls the node's own API as the member; the answer is typed by the contract for the path and method. */
export async function callApi<P extends ApiPath, M extends ApiMethod>(
  inject: Inject,
  principal: SessionPrincipal,
  method: M,
  path: P,
  { params = {}, query, payload, headers = {} }: ApiCallOptions = {},
): Promise<ApiAnswer<P, M>> {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
  const search = query === undefined ? '' : `?${query}`;
  const response = await inject({
    method,
    url: `${filled}${search}`,
    headers: { ...headers, authorization: `Bearer ${principal.session.token}`, host: 'localhost' },
    ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
  });
  const body = response.body ? (response.json() as Record<string, unknown>) : {};
  // The API could not reach its store: the page cannot be made either, and says so with a 503.
  if (response.statusCode === 503) {
    const retryAfter = response.headers['retry-after'];
    throw new AppError('UNAVAILABLE', apiMessage(body), {
      ...(retryAfter === undefined ? {} : { headers: { 'retry-after': String(retryAfter) } }),
    });
  }
  // The API's answers are checked against these very schemas as they are sent (the response
  // serialiser), so the body is what the contract declares for its status.
  return { status: response.statusCode, body } as ApiAnswer<P, M>;
}

export const apiMessage = (body: object) =>
  'message' in body && typeof body.message === 'string' ? body.message : 'The request failed';
