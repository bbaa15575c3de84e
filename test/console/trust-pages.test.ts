// The console's trust pages without a browser: the sign-in redirect, forged forms refused, grants
// issued by form on each scope, a decided request refused a second decision with the API's 409, the
// cursor pages of the access log and its credential readers in people's words, and the webhook
// deliveries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialSession, newIssuer, trustIssuer } from '../credential-access/holder.ts';
import { bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { addMember, session } from '../helpers/console.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { type Receiver, startReceiver } from '../helpers/webhook-receiver.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  }
  return params.toString();
};
const csrfIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const nextLink = (html: string) => /<a rel="next" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');

describe('console trust pages', () => {
  const app = useTestApp(() => ({ env: { WEBHOOK_ALLOW_INSECURE_TARGETS: 'true' } }));
  let workspace: TestWorkspace;
  let cookie: string;
  let csrf: string;
  let operator: { id: string };
  let passport: { id: string; productId: string };
  let receiver: Receiver;

  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'ada@example.com');
    cookie = (await session(app, workspace, 'ada@example.com')).cookie;
    operator = await createOperator(app, workspace);
    passport = await createPassport(app, workspace.token, { operatorId: operator.id });
    receiver = await startReceiver();
    const page = await app.inject({ method: 'GET', url: '/console/grants', headers: { cookie } });
    csrf = csrfIn(page.body);
  });
  afterAll(async () => {
    await receiver.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, fields: Record<string, string | string[]>) =>
    app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: form(fields) });
  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(workspace.token), ...(payload ? { payload } : {}) });

  it('sends a signed-out visitor to sign in, and refuses forged forms', async () => {
    for (const url of [
      '/console/grants',
      '/console/webhooks',
      '/console/webhooks/deliveries',
      `/console/passports/${passport.id}/access-log`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(303);
      expect(response.headers.location).toBe('/console/sign-in');
    }
    expect(csrf).not.toBe('');
    const forged = await post('/console/grants', {
      tier: 'authority',
      scope: 'workspace',
      granteeName: 'Forger',
      purpose: 'x',
    });
    expect(forged.statusCode).toBe(403);
    const hook = await post('/console/webhooks', { url: receiver.url, events: '*', active: 'on' });
    expect(hook.statusCode).toBe(403);
    expect((await api('GET', '/api/v1/grants')).body).not.toContain('Forger');
    expect((await api('GET', '/api/v1/webhooks/subscriptions')).json().count).toBe(0);
  });

  it('issues grants on an operator and on the whole workspace by form', async () => {
    const onOperator = await post('/console/grants', {
      _csrf: csrf,
      tier: 'legitimate-interest',
      scope: 'operator',
      passportId: 'ignored when the scope is an operator',
      operatorId: operator.id,
      granteeName: 'Operator Reader',
      purpose: 'recycling',
    });
    expect(onOperator.statusCode, onOperator.body).toBe(201);
    expect(onOperator.body).toMatch(/<code id="new-token">dpp_li_/);
    const onWorkspace = await post('/console/grants', {
      _csrf: csrf,
      tier: 'legitimate-interest',
      scope: 'workspace',
      operatorId: operator.id,
      granteeName: 'Workspace Reader',
      granteeEmail: '',
      purpose: 'recycling',
    });
    expect(onWorkspace.statusCode, onWorkspace.body).toBe(201);
    const grants = (await api('GET', '/api/v1/grants')).json().grants as Record<string, unknown>[];
    const named = (name: string) => grants.find((grant) => (grant.grantee as { name: string }).name === name);
    expect(named('Operator Reader')).toMatchObject({ operatorId: operator.id, passportId: null });
    expect(named('Workspace Reader')).toMatchObject({ operatorId: null, passportId: null });
    expect(named('Workspace Reader')?.grantee).toEqual({ name: 'Workspace Reader' });
  });

  it('answers the API’s 409 when a decided request is decided again', async () => {
    const requested = await app.inject({
      method: 'POST',
      url: `/request-access/${passport.id}`,
      headers: FORM,
      payload: form({
        organisation: 'Late Repairs',
        role: 'repairer',
        name: 'Late Requester',
        email: 'late@repair.example',
        purpose: 'repair',
        website: '',
      }),
      remoteAddress: randomIp(),
    });
    expect(requested.statusCode).toBe(200);
    const grants = (await api('GET', '/api/v1/grants')).json().grants as { id: string; status: string }[];
    const pending = grants.find((grant) => grant.status === 'pending');
    expect((await get('/console/grants')).body).toContain(`/console/grants/${pending?.id}/approve`);
    expect((await post(`/console/grants/${pending?.id}/deny`, { _csrf: csrf })).statusCode).toBe(303);
    const again = await post(`/console/grants/${pending?.id}/approve`, { _csrf: csrf });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('role="alert"');
    const unknown = await post('/console/grants/00000000-0000-4000-8000-000000000000/revoke', {
      _csrf: csrf,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('pages the access log by the API’s cursor', async () => {
    const { token } = (
      await api('POST', '/api/v1/grants', {
        passportId: passport.id,
        tier: 'legitimate-interest',
        grantee: { name: 'Busy Reader' },
        purpose: 'repair',
      })
    ).json();
    for (let i = 0; i < 51; i += 1) {
      const read = await app.inject({
        method: 'GET',
        url: `/api/v1/passports/${passport.id}/history`,
        headers: bearer(token),
      });
      expect(read.statusCode).toBe(200);
    }
    const first = await get(`/console/passports/${passport.id}/access-log`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body.match(/<tr><td>/g)).toHaveLength(50);
    // Who read is named: the grant by its holder, never `grant:<uuid>`.
    expect(first.body).toContain('<td>Busy Reader (access grant)</td>');
    expect(first.body).not.toMatch(/grant:[0-9a-f-]{36}/);
    const next = nextLink(first.body);
    expect(next).toMatch(/\?cursor=/);
    const second = await get(next as string);
    expect(second.statusCode).toBe(200);
    expect(second.body.match(/<tr><td>/g)).toHaveLength(1);
    expect(nextLink(second.body)).toBeUndefined();
    expect(second.body).toContain(`href="/console/passports/${passport.id}/access-log">`);
    const bad = await get(`/console/passports/${passport.id}/access-log?cursor=nonsense!`);
    expect(bad.statusCode).toBe(400);
    const unknown = await get('/console/passports/00000000-0000-4000-8000-000000000000/access-log');
    expect(unknown.statusCode).toBe(404);
  });

  it('names a credential session’s reader by its organisation, country, credential type and issuer', async () => {
    const issuer = newIssuer();
    const vct = 'https://credentials.example/market-surveillance-authority';
    await trustIssuer(app, issuer, 'Bundesnetzagentur', 'authority', [vct]);
    const read = async (token: string) => {
      const answer = await app.inject({
        method: 'GET',
        url: `/passport/${passport.id}`,
        headers: { ...bearer(token), accept: 'application/ld+json' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const disclosed = { vct, organisation_name: 'Marktaufsicht Nord', role: 'inspector', country: 'DE' };
    await read(await credentialSession(app, issuer, disclosed, passport.id));
    // A wallet may withhold the organisation (it is selectively disclosed).
    await read(await credentialSession(app, issuer, { vct, country: 'FR' }, passport.id));
    const log = async (lang: string) => {
      const page = await get(`/console/passports/${passport.id}/access-log?lang=${lang}`);
      expect(page.statusCode, page.body).toBe(200);
      return page.body;
    };
    const english = await log('en');
    expect(english).toContain(
      `<td>Credential: Marktaufsicht Nord (Germany), ${vct}, issued by Bundesnetzagentur</td>`,
    );
    expect(english).toContain(
      `<td>Credential: organisation not disclosed (France), ${vct}, issued by Bundesnetzagentur</td>`,
    );
    expect(english).not.toMatch(/credential:[0-9a-f-]{36}/);
    expect(await log('de')).toContain(
      `<td>Nachweis: Marktaufsicht Nord (Deutschland), ${vct}, ausgestellt von Bundesnetzagentur</td>`,
    );
    expect(await log('fr')).toContain(
      `<td>Attestation : Marktaufsicht Nord (Allemagne), ${vct}, délivrée par Bundesnetzagentur</td>`,
    );
    // Languages without these words yet say them in English, with the country in their own.
    expect(await log('it')).toContain(
      `<td>Credential: Marktaufsicht Nord (Germania), ${vct}, issued by Bundesnetzagentur</td>`,
    );
  });

  it('keeps a refused subscription form, 404s an unknown one, and pages the deliveries', async () => {
    const refused = await post('/console/webhooks', {
      _csrf: csrf,
      url: 'ftp://example.com/in',
      events: 'passport.sealed',
      active: 'on',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('value="ftp://example.com/in"');
    expect(refused.body).toMatch(/value="passport.sealed" checked/);
    expect((await get('/console/webhooks/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const created = await post('/console/webhooks', { _csrf: csrf, url: receiver.url, events: '*' });
    expect(created.statusCode, created.body).toBe(201);
    const { subscriptions } = (await api('GET', '/api/v1/webhooks/subscriptions')).json();
    expect(subscriptions[0]).toMatchObject({ url: receiver.url, active: false });
    for (let i = 0; i < 51; i += 1) {
      const tested = await api('POST', `/api/v1/webhooks/subscriptions/${subscriptions[0].id}/test`);
      expect(tested.statusCode).toBe(200);
    }
    const first = await get('/console/webhooks/deliveries');
    expect(first.body.match(/<tr><td>/g)).toHaveLength(50);
    const second = await get(nextLink(first.body) as string);
    expect(second.statusCode).toBe(200);
    expect(second.body.match(/<tr><td>/g)).toHaveLength(1);
    expect(second.body).toContain('href="/console/webhooks/deliveries">');
  });
});
