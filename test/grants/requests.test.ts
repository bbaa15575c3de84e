// Access requests from the hosted page through the real routes: a pending request, its private status
// link, approval and the one collection of the token, denial, the honeypot and the form budget.
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const FORM = 'application/x-www-form-urlencoded';

describe('access requests', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };

  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    passport = await createPassport(app, workspace.token);
  });

  const form = (fields: Record<string, string>) =>
    new URLSearchParams({
      organisation: 'Fix-It Werkstatt',
      role: 'repairer',
      name: 'Ada Repair',
      email: 'ada@fixit.example',
      purpose: 'Replacing cells in a customer’s pack',
      website: '',
      ...fields,
    }).toString();

  const send = (fields: Record<string, string> = {}, id = passport.id, ip = randomIp()) =>
    app.inject({
      method: 'POST',
      url: `/request-access/${id}`,
      headers: { 'content-type': FORM },
      payload: form(fields),
      remoteAddress: ip,
    });

  /** The status link's path and key from the confirmation page. */
  function statusLink(html: string) {
    const match = /href="([^"]+)"/.exec(html.slice(html.indexOf('<main>')));
    if (!match?.[1]) throw new Error('no status link on the page');
    const url = new URL(match[1].replaceAll('&amp;', '&'));
    expect(url.origin).toBe(BASE_URL);
    return {
      path: `${url.pathname}${url.search}`,
      id: url.pathname.split('/').at(-1) as string,
      key: url.searchParams.get('key') as string,
    };
  }

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
    app.inject({ method, url, headers: bearer(workspace.token) });

  const collect = (id: string, key: string) =>
    app.inject({
      method: 'POST',
      url: `/request-access/status/${id}/collect`,
      headers: { 'content-type': FORM },
      payload: new URLSearchParams({ key }).toString(),
      remoteAddress: randomIp(),
    });

  it('serves the form, private and localised, and 404 for drafts and unknown passports', async () => {
    const page = await app.inject({ method: 'GET', url: `/request-access/${passport.id}?lang=de` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-language']).toBe('de');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).toContain('Zugang zu eingeschränkten Daten beantragen');
    expect(page.body).toContain(passport.productId);
    const draft = await createPassport(app, workspace.token, { status: 'DRAFT' });
    for (const id of [draft.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await app.inject({ method: 'GET', url: `/request-access/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toContain('text/html');
      expect((await send({}, id)).statusCode).toBe(404);
    }
  });

  it('creates a pending request whose token is collected once after approval', async () => {
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    const link = statusLink(sent.body);
    const listed = (await api('GET', '/api/v1/grants')).json().grants;
    const request = listed.find((grant: { id: string }) => grant.id === link.id);
    expect(request).toMatchObject({
      status: 'pending',
      origin: 'requested',
      tier: 'legitimate-interest',
      passportId: passport.id,
      grantee: {
        name: 'Ada Repair',
        email: 'ada@fixit.example',
        organisation: 'Fix-It Werkstatt',
        role: 'repairer',
      },
      createdBy: 'request-page',
    });

    const pending = await app.inject({ method: 'GET', url: link.path });
    expect(pending.statusCode).toBe(200);
    expect(pending.body).toContain('Waiting for the operator');
    expect(pending.body).not.toContain('/collect');
    expect(
      (await app.inject({ method: 'GET', url: `/request-access/status/${link.id}?key=wrong` })).statusCode,
    ).toBe(404);
    expect((await collect(link.id, link.key)).body).not.toContain('dpp_li_');

    const approved = await api('POST', `/api/v1/grants/${link.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().grant).toMatchObject({ status: 'active', collectedAt: null });
    expect(approved.body).not.toContain('dpp_li_');
    expect((await app.inject({ method: 'GET', url: link.path })).body).toContain('/collect');

    expect((await collect(link.id, 'wrong-key')).statusCode).toBe(404);
    const first = await collect(link.id, link.key);
    expect(first.statusCode).toBe(200);
    const token = /dpp_li_[A-Za-z0-9_-]{43}/.exec(first.body)?.[0];
    expect(token).toBeDefined();
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passport.id}/history?grant=${token}`,
    });
    expect(read.statusCode).toBe(200);

    const second = await collect(link.id, link.key);
    expect(second.body).not.toContain(token);
    expect(second.body).toContain('has been collected');
    expect((await app.inject({ method: 'GET', url: link.path })).body).toContain('has been collected');
    expect(
      (await api('GET', '/api/v1/grants')).json().grants.find((g: { id: string }) => g.id === link.id)
        .collectedAt,
    ).toEqual(expect.any(String));
  });

  it('asks for the authority tier when an authority asks', async () => {
    const link = statusLink(
      (await send({ role: 'market-surveillance-authority', organisation: 'BNetzA' })).body,
    );
    const grant = (await api('GET', '/api/v1/grants'))
      .json()
      .grants.find((g: { id: string }) => g.id === link.id);
    expect(grant.tier).toBe('authority');
    await api('POST', `/api/v1/grants/${link.id}/approve`);
    expect((await collect(link.id, link.key)).body).toMatch(/dpp_auth_[A-Za-z0-9_-]{43}/);
  });

  it('shows a denial, and a revocation before collection destroys the token', async () => {
    const denied = statusLink((await send()).body);
    expect((await api('POST', `/api/v1/grants/${denied.id}/deny`)).json().grant.status).toBe('denied');
    expect((await api('POST', `/api/v1/grants/${denied.id}/approve`)).statusCode).toBe(409);
    expect((await app.inject({ method: 'GET', url: denied.path })).body).toContain('declined');

    const revoked = statusLink((await send()).body);
    await api('POST', `/api/v1/grants/${revoked.id}/approve`);
    expect((await api('DELETE', `/api/v1/grants/${revoked.id}`)).statusCode).toBe(200);
    const answer = await collect(revoked.id, revoked.key);
    expect(answer.body).not.toContain('dpp_li_');
    expect(answer.body).toContain('revoked');
  });

  it('refuses an incomplete form with the form again, and stores nothing a bot sends', async () => {
    const before = (await api('GET', '/api/v1/grants')).json().grants.length;
    const incomplete = await send({ email: 'not-an-address', organisation: 'Kept <b>Org</b>' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.body).toContain('role="alert"');
    expect(incomplete.body).toContain('Kept &lt;b&gt;Org&lt;/b&gt;');
    expect((await send({ role: 'overlord' })).statusCode).toBe(400);
    const bot = await send({ website: 'http://spam.example' });
    expect(bot.statusCode).toBe(200);
    expect(bot.body).not.toContain('/request-access/status/');
    expect((await api('GET', '/api/v1/grants')).json().grants.length).toBe(before);
  });

  it('answers a JSON body with wrong value types as an incomplete form, never a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/request-access/${passport.id}`,
      payload: { organisation: 7, role: ['repairer'], name: null, email: {}, purpose: true },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('role="alert"');
    const collectJson = await app.inject({
      method: 'POST',
      url: '/request-access/status/00000000-0000-4000-8000-000000000000/collect',
      payload: { key: 5 },
      remoteAddress: randomIp(),
    });
    expect(collectJson.statusCode).toBe(404);
    // Text the store cannot hold is no value: the form comes back, nothing is stored.
    expect((await send({ organisation: 'Nul\u0000Org' })).statusCode).toBe(400);
  });

  it('holds form posts to the public-validator budget per address', async () => {
    const ip = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await send({ website: 'bot' }, passport.id, ip)).statusCode);
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
