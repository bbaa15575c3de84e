// Every HTML answer refuses to be framed, is not sniffed and keeps its URL to this origin; every
// answer is `nosniff`. Over console pages, public passport and unit pages, the access-request page,
// the docs UI and error pages, signed in or not.
import { beforeAll, describe, expect, it } from 'vitest';
import { withFrameAncestors } from '../../src/http/security-headers.ts';
import { BASE_URL, bearer, randomIp } from '../helpers/app.ts';
import { addMember, session } from '../helpers/console.ts';
import { createUnit, uniqueSerial, unitWorkspace } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const host = new URL(BASE_URL).host;
const HTML = { accept: 'text/html' };

function expectGuardedPage(response: { statusCode: number; headers: Record<string, unknown> }, what: string) {
  expect(String(response.headers['content-type']), what).toMatch(/^text\/html/);
  const policy = String(response.headers['content-security-policy'] ?? '');
  expect(policy, what).toMatch(/(^|;\s*)frame-ancestors 'none'/);
  expect(policy.match(/frame-ancestors/g), what).toHaveLength(1);
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toMatch(/^(no-referrer|same-origin)$/);
}

describe('security headers', () => {
  const app = useTestApp();
  let passportId: string;
  let productId: string;
  let unitId: string;
  let token: string;
  let cookie: string;
  beforeAll(async () => {
    const { workspace, passport } = await unitWorkspace(app);
    token = workspace.token;
    passportId = passport.id;
    productId = passport.productId;
    unitId = (await createUnit(app, token, passport.id, { serialNumber: uniqueSerial() })).id;
    await addMember(app, workspace, 'grace@example.com');
    cookie = (await session(app, workspace, 'grace@example.com')).cookie;
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host, ...headers }, remoteAddress: randomIp() });

  it('guards public pages (passport, GS1 key, unit, request-access), the owner unit page and the docs UI', async () => {
    const pages = {
      passport: await get(`/passport/${passportId}`, HTML),
      key: await get(`/01/${productId}`, HTML),
      unit: await get(`/unit/${unitId}`, HTML),
      requestAccess: await get(`/request-access/${passportId}`, HTML),
      ownerUnit: await get(`/api/v1/units/${unitId}`, { ...HTML, ...bearer(token) }),
      docs: await get('/api/v1/docs/', HTML),
    };
    for (const [what, response] of Object.entries(pages)) {
      expect(response.statusCode, what).toBe(200);
      expectGuardedPage(response, what);
    }
    // The page's own policy is kept, with framing refused added to it.
    expect(String(pages.passport.headers['content-security-policy'])).toMatch(/^default-src 'none'/);
  });

  it('guards console pages, signed out and in, and the console error page', async () => {
    const signInPage = await get('/console/sign-in', HTML);
    expect(signInPage.statusCode).toBe(200);
    expectGuardedPage(signInPage, 'sign-in');
    const passports = await get('/console/passports', { ...HTML, cookie });
    expect(passports.statusCode).toBe(200);
    expectGuardedPage(passports, 'passports');
    const missing = await get('/console/passports/00000000-0000-4000-8000-000000000000', { ...HTML, cookie });
    expect(missing.statusCode).toBe(404);
    expectGuardedPage(missing, 'console 404');
  });

  it('marks JSON answers and errors nosniff too', async () => {
    for (const response of [
      await get(`/passport/${passportId}`),
      await get('/no/such/path'),
      await get('/api/v1/whoami'),
    ]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('adds frame-ancestors to a policy, replacing any framers it allowed', () => {
    expect(withFrameAncestors(undefined)).toBe("frame-ancestors 'none'");
    expect(withFrameAncestors("default-src 'none';")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(withFrameAncestors("default-src 'none'; frame-ancestors 'self'; img-src data:")).toBe(
      "default-src 'none'; img-src data:; frame-ancestors 'none'",
    );
  });
});
