// The console's language: an explicit ?lang= wins and is kept by a cookie for the next click; the
// switch on every page keeps the choice in the cookie and in the member's profile; without either,
// Accept-Language, then English.
import { beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { addMember, session } from '../helpers/console.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const csrfIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const htmlLang = (html: string) => /<html lang="([a-z]+)"/.exec(html)?.[1];
const languageCookie = (setCookie: unknown) =>
  /odpp_lang=([a-z]+)/.exec(String(setCookie ?? ''))?.[1] ?? null;

describe('the console language', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'ada@example.com');
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('keeps an explicit ?lang= for the next click with a cookie', async () => {
    const first = await get('/console/sign-in?lang=de', { 'accept-language': 'fr' });
    expect(htmlLang(first.body)).toBe('de');
    expect(languageCookie(first.headers['set-cookie'])).toBe('de');
    expect(String(first.headers['set-cookie'])).toContain('Path=/console');
    expect(String(first.headers['set-cookie'])).toContain('HttpOnly');
    // The next page, opened without ?lang=, stays German over the browser's French.
    const next = await get('/console/sign-in', { 'accept-language': 'fr', cookie: 'odpp_lang=de' });
    expect(htmlLang(next.body)).toBe('de');
    expect(next.body).toContain('Anmelden');
    // ?lang= beats the cookie; unknown values fall through and set nothing.
    expect(htmlLang((await get('/console/sign-in?lang=fr', { cookie: 'odpp_lang=de' })).body)).toBe('fr');
    const unknown = await get('/console/sign-in?lang=xx', { 'accept-language': 'fr' });
    expect(htmlLang(unknown.body)).toBe('fr');
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect(htmlLang((await get('/console/sign-in', { cookie: 'odpp_lang=zz' })).body)).toBe('en');
  });

  it('offers the switch on every page, each language named in itself, the current one chosen', async () => {
    const page = (await get('/console/sign-in?lang=fr')).body;
    expect(page).toContain('action="/console/language"');
    expect(page).toContain('<option value="de" lang="de">Deutsch</option>');
    expect(page).toContain('<option value="fr" lang="fr" selected>Français</option>');
    expect(page).toContain('<label for="language-choice">Langue</label>');
    // The way back is the page itself, without its lang.
    expect(page).toContain('name="back" value="/console/sign-in"');
  });

  it('switches a visitor by cookie and sends it back to a console page only', async () => {
    const switched = await app.inject({
      method: 'POST',
      url: '/console/language',
      headers: FORM,
      payload: 'lang=de&back=%2Fconsole%2Fsign-in%3Fworkspace%3Dacme',
    });
    expect(switched.statusCode).toBe(303);
    expect(switched.headers.location).toBe('/console/sign-in?workspace=acme');
    expect(languageCookie(switched.headers['set-cookie'])).toBe('de');
    for (const back of ['https://evil.example/console', '//evil.example/console', '/api/v1/whoami']) {
      const away = await app.inject({
        method: 'POST',
        url: '/console/language',
        headers: FORM,
        payload: new URLSearchParams({ lang: 'de', back }).toString(),
      });
      expect(away.headers.location, back).toBe('/console/');
    }
  });

  it('keeps a member’s choice in the profile, for a browser that has made none', async () => {
    const signed = await session(app, workspace, 'ada@example.com');
    const overview = await get('/console/', { cookie: signed.cookie, 'accept-language': 'en' });
    expect(htmlLang(overview.body)).toBe('en');
    // Without the session's CSRF token the choice is refused and nothing is kept.
    const forged = await app.inject({
      method: 'POST',
      url: '/console/language',
      headers: { ...FORM, cookie: signed.cookie },
      payload: 'lang=de&back=%2Fconsole%2Fkeys',
    });
    expect(forged.statusCode).toBe(403);
    expect(languageCookie(forged.headers['set-cookie'])).toBeNull();
    const chosen = await app.inject({
      method: 'POST',
      url: '/console/language',
      headers: { ...FORM, cookie: signed.cookie },
      payload: new URLSearchParams({
        _csrf: csrfIn(overview.body),
        lang: 'de',
        back: '/console/keys',
      }).toString(),
    });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe('/console/keys');
    // Another browser (no language cookie) asking for English gets the profile's German.
    const elsewhere = await session(app, workspace, 'ada@example.com');
    const keys = await get('/console/keys', { cookie: elsewhere.cookie, 'accept-language': 'en' });
    expect(htmlLang(keys.body)).toBe('de');
    // The browser's own cookie beats the profile, and ?lang= beats both.
    const cookieWins = await get('/console/keys', {
      cookie: `${elsewhere.cookie}; odpp_lang=fr`,
      'accept-language': 'en',
    });
    expect(htmlLang(cookieWins.body)).toBe('fr');
    expect(htmlLang((await get('/console/keys?lang=en', { cookie: elsewhere.cookie })).body)).toBe('en');
  });
});
