// The console's pages without a browser: sign-in by form, the redirect of a signed-out visitor, key
// creation and revocation by form with the session's CSRF token, a forged form refused, passports.
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { addMember, PASSWORD } from '../helpers/console.ts';
import { createFacility, createOperator, createPassport } from '../helpers/passports.ts';
import { createUnit } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  }
  return params.toString();
};
const csrfIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('console pages', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let cookie: string;
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'ada@example.com');
  });

  it('sends a signed-out visitor to the sign-in page', async () => {
    const response = await app.inject({ method: 'GET', url: '/console/keys' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/console/sign-in');
    const signIn = await app.inject({
      method: 'GET',
      url: '/console/sign-in',
      headers: { 'accept-language': 'de' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['content-type']).toMatch(/^text\/html/);
    expect(signIn.headers['content-security-policy']).toContain("form-action 'self'");
    expect(signIn.body).toContain('<html lang="de">');
  });

  it('signs in by form, or shows the form again with one message', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/console/sign-in',
      headers: FORM,
      payload: form({
        workspace: workspace.subdomain,
        email: 'ada@example.com',
        password: 'wrong password!',
      }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('role="alert"');
    expect(wrong.body).toContain('value="ada@example.com"');
    const right = await app.inject({
      method: 'POST',
      url: '/console/sign-in',
      headers: FORM,
      payload: form({ workspace: workspace.subdomain, email: 'ada@example.com', password: PASSWORD }),
    });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/console/');
    cookie = String(right.headers['set-cookie']).split(';')[0] as string;
    const home = await app.inject({ method: 'GET', url: '/console/', headers: { cookie } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('ada@example.com');
  });

  it('creates a narrowed, expiring key by form and shows its token once, then revokes it', async () => {
    const page = await app.inject({ method: 'GET', url: '/console/keys', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    const csrf = csrfIn(page.body);
    expect(csrf).not.toBe('');
    const created = await app.inject({
      method: 'POST',
      url: '/console/keys',
      headers: { ...FORM, cookie },
      payload: form({
        _csrf: csrf,
        name: 'Line 3 scanner',
        role: 'RECYCLER',
        permissions: ['battery:read', 'battery:write'],
        expiresAt: '2099-12-31',
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = /<code id="new-token">([^<]+)<\/code>/.exec(created.body)?.[1] ?? '';
    expect(token).toMatch(/dpp_token_/);
    const whoami = await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) });
    expect(whoami.json().auth).toMatchObject({
      role: 'RECYCLER',
      permissions: ['battery:read', 'battery:write'],
    });

    const list = await app.inject({ method: 'GET', url: '/console/keys', headers: { cookie } });
    expect(list.body).not.toContain(token);
    const keys = await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer(workspace.token) });
    const key = keys.json().keys.find((k: { name: string }) => k.name === 'Line 3 scanner');
    expect(key.expiresAt).toBe('2099-12-31T23:59:59.000Z');
    const revoke = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `/console/keys/${key.id}/revoke`,
        headers: { ...FORM, cookie },
        payload: form({ _csrf: csrf, ...fields }),
      });
    // Asked first: the confirmation page names the key, and the key still works meanwhile.
    const asked = await revoke({});
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Revoke the key Line 3 scanner');
    expect(asked.body).toContain('name="confirm" value="yes"');
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) })).statusCode,
    ).toBe(200);
    const revoked = await revoke({ confirm: 'yes' });
    expect(revoked.statusCode).toBe(303);
    expect(revoked.headers.location).toBe('/console/keys?done=keyRevoked');
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('refuses a forged form without the CSRF token', async () => {
    const forged = await app.inject({
      method: 'POST',
      url: '/console/keys',
      headers: { ...FORM, cookie },
      payload: form({ name: 'forged', role: 'ADMIN' }),
    });
    expect(forged.statusCode).toBe(403);
    const keys = await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer(workspace.token) });
    expect(keys.json().keys.map((k: { name: string }) => k.name)).not.toContain('forged');
  });

  it('lists passports with a search and shows an invitation once', async () => {
    const list = await app.inject({
      method: 'GET',
      url: '/console/passports?q=nothing-matches&status=ACTIVE',
      headers: { cookie },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain('value="nothing-matches"');
    const members = await app.inject({ method: 'GET', url: '/console/members', headers: { cookie } });
    const invited = await app.inject({
      method: 'POST',
      url: '/console/members',
      headers: { ...FORM, cookie },
      payload: form({ _csrf: csrfIn(members.body), email: 'bob@example.com', role: 'AUDITOR' }),
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const link = /<code id="invitation-link">([^<]+)<\/code>/.exec(invited.body)?.[1] ?? '';
    const path = new URL(link).pathname;
    const open = await app.inject({ method: 'GET', url: path });
    expect(open.statusCode).toBe(200);
    const joined = await app.inject({
      method: 'POST',
      url: path,
      headers: FORM,
      payload: form({ password: PASSWORD, repeat: PASSWORD }),
    });
    expect(joined.statusCode).toBe(303);
    expect(joined.headers.location).toBe(`/console/sign-in?workspace=${workspace.subdomain}&done=joined`);
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });

  it('shows operators, facilities, and a passport as its owner and the public see it, with its versions', async () => {
    const operator = await createOperator(app, workspace, { name: 'Voltaic Cells <SE>' });
    await createFacility(app, workspace, { name: 'Cell plant Salzgitter', operatorId: operator.id });
    const operators = await app.inject({ method: 'GET', url: '/console/operators', headers: { cookie } });
    expect(operators.statusCode).toBe(200);
    expect(operators.body).toContain('Voltaic Cells &lt;SE&gt;');
    const facilities = await app.inject({ method: 'GET', url: '/console/facilities', headers: { cookie } });
    expect(facilities.body).toContain('Cell plant Salzgitter');

    const passport = await createPassport(app, workspace.token, { operatorId: operator.id });
    const unit = await createUnit(app, workspace.token, passport.id);
    const list = await app.inject({
      method: 'GET',
      url: `/console/passports?q=${passport.productId}`,
      headers: { cookie },
    });
    expect(list.body).toContain(`/console/passports/${passport.id}`);
    const view = await app.inject({
      method: 'GET',
      url: `/console/passports/${passport.id}`,
      headers: { cookie },
    });
    expect(view.statusCode, view.body).toBe(200);
    // The tiers as the public page renders them, one at a time, with what the public does not see;
    // no JSON dump.
    expect(view.body).toContain('id="tier-view"');
    expect(view.body).toContain('id="differences"');
    expect(view.body).not.toContain('<pre>');
    for (const tier of ['public', 'legitimate-interest', 'authority'])
      expect(view.body).toContain(`/console/passports/${passport.id}?tier=${tier}#tier-view`);
    const publicTier = await app.inject({
      method: 'GET',
      url: `/console/passports/${passport.id}?tier=public`,
      headers: { cookie },
    });
    expect(publicTier.statusCode).toBe(200);
    expect(publicTier.body).toContain('<strong aria-current="page">Public</strong>');
    expect(view.body).toContain(`href="/console/units/${unit.id}"`);
    expect(view.body).toContain(unit.serialNumber);
    // The unit's page inside the console, with the way back to its passport.
    const unitPage = await app.inject({
      method: 'GET',
      url: `/console/units/${unit.id}`,
      headers: { cookie },
    });
    expect(unitPage.statusCode).toBe(200);
    expect(unitPage.body).toContain(`href="/console/passports/${passport.id}"`);
    // The API's own unit page still opens with the same cookie.
    const apiUnitPage = await app.inject({
      method: 'GET',
      url: `/api/v1/units/${unit.id}`,
      headers: { cookie, accept: 'text/html' },
    });
    expect(apiUnitPage.statusCode).toBe(200);
    const unknown = await app.inject({
      method: 'GET',
      url: '/console/passports/00000000-0000-4000-8000-000000000000',
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('recalls a passport with a reason and seals it, by form', async () => {
    const operator = await createOperator(app, workspace);
    const passport = await createPassport(app, workspace.token, { operatorId: operator.id });
    const view = await app.inject({
      method: 'GET',
      url: `/console/passports/${passport.id}`,
      headers: { cookie },
    });
    const csrf = csrfIn(view.body);
    expect(view.body).toContain('<option value="RECALLED">');
    const move = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `/console/passports/${passport.id}/status`,
        headers: { ...FORM, cookie },
        payload: form({ _csrf: csrf, ...fields }),
      });
    // A recall is asked first; the confirmation carries the reason through.
    const asked = await move({ status: 'RECALLED', reason: 'Cell swelling in lot 7' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.body).toContain('value="Cell swelling in lot 7"');
    const moved = await move({ status: 'RECALLED', reason: 'Cell swelling in lot 7', confirm: 'yes' });
    expect(moved.statusCode, moved.body).toBe(303);
    expect(moved.headers.location).toBe(`/console/passports/${passport.id}?done=moved&to=RECALLED`);
    const recalled = await app.inject({
      method: 'GET',
      url: String(moved.headers.location),
      headers: { cookie },
    });
    expect(recalled.body).toContain('role="status"');
    expect(recalled.body).toContain('the passport is now RECALLED');
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passport.id}`,
      headers: bearer(workspace.token),
    });
    expect(read.json().status).toBe('RECALLED');
    expect(recalled.body).toContain('Cell swelling in lot 7');
    expect(recalled.body).toContain(`/console/passports/${passport.id}/versions/1`);
    const diff = await app.inject({
      method: 'GET',
      url: `/console/passports/${passport.id}/versions/1`,
      headers: { cookie },
    });
    expect(diff.statusCode, diff.body).toBe(200);
    expect(diff.body).toMatch(
      // The field by its label (its pointer beneath), the values as words.
      /<th scope="row">Lifecycle status<br><span class="hint"><code>\/status<\/code><\/span><\/th><td>Published<\/td><td>Recalled<\/td>/,
    );
    const beyond = await app.inject({
      method: 'GET',
      url: `/console/passports/${passport.id}/versions/2`,
      headers: { cookie },
    });
    expect(beyond.statusCode).toBe(404);

    const refused = await app.inject({
      method: 'POST',
      url: `/console/passports/${passport.id}/status`,
      headers: { ...FORM, cookie },
      payload: form({ _csrf: csrf, status: 'DRAFT' }),
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.body).toContain('role="alert"');

    const sealed = await app.inject({
      method: 'POST',
      url: `/console/passports/${passport.id}/seal`,
      headers: { ...FORM, cookie },
      payload: form({ _csrf: csrf }),
    });
    expect(sealed.statusCode, sealed.body).toBe(303);
    expect(sealed.headers.location).toBe(`/console/passports/${passport.id}?done=sealed`);
    const after = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passport.id}`,
      headers: bearer(workspace.token),
    });
    expect(after.json().digitalSeal).not.toBeNull();
  });

  it('serialises units pasted as CSV, in batches, and names the lines it could not create', async () => {
    const operator = await createOperator(app, workspace);
    const passport = await createPassport(app, workspace.token, { operatorId: operator.id });
    const view = await app.inject({
      method: 'GET',
      url: `/console/passports/${passport.id}`,
      headers: { cookie },
    });
    const lines = [
      'serialNumber,status',
      ...Array.from({ length: 450 }, (_, i) => `CSV-${i}`),
      'bad serial!',
      'CSV-7',
    ];
    const serialised = await app.inject({
      method: 'POST',
      url: `/console/passports/${passport.id}/units`,
      headers: { ...FORM, cookie },
      payload: form({ _csrf: csrfIn(view.body), csv: lines.join('\n') }),
    });
    // Post/redirect/get: the result is a page of its own.
    expect(serialised.statusCode, serialised.body.slice(0, 500)).toBe(303);
    const location = String(serialised.headers.location);
    expect(location).toMatch(/^\/console\/serialisations\/[0-9a-f-]{36}$/);
    const result = await app.inject({ method: 'GET', url: location, headers: { cookie } });
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain('Created 450 of 452 units.');
    const errors = /<table id="row-errors">([\s\S]*?)<\/table>/.exec(result.body)?.[1] ?? '';
    expect(errors.match(/<tr><td>/g)).toHaveLength(2);
    expect(errors).toContain('CSV-7');
    const units = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passport.id}/units?limit=1`,
      headers: bearer(workspace.token),
    });
    expect(units.json().total).toBe(450);
  });
});
