// Members and sessions end to end: invitation once, sign-in, the cookie's attributes, the session JWT
// as a Bearer on a write, CSRF on cookie writes, refresh, sign-out that ends the session, and the
// failed sign-in budget.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, BASE_URL, bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import {
  addMember,
  invitationToken,
  inviteFirstMember,
  PASSWORD,
  session,
  signIn,
} from '../helpers/console.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const MINUTE = 60_000;

describe('console sessions', () => {
  let now = Date.now();
  let workspace: TestWorkspace;
  const app = useTestApp(() => ({ clock: () => new Date(now) }));
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'Ada@Example.com');
  });

  it('accepts an invitation once, and only with a long enough password', async () => {
    const { url } = await inviteFirstMember(app, workspace, 'bob@example.com', 'AUDITOR');
    expect(url).toMatch(/^https:\/\/dpp\.example\.test\/console\/invitations\/odpp_invite_/);
    const token = invitationToken(url);
    const short = await app.inject({
      method: 'POST',
      url: '/console/api/invitations/accept',
      payload: { token, password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const first = await app.inject({
      method: 'POST',
      url: '/console/api/invitations/accept',
      payload: { token, password: PASSWORD },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      member: { email: 'bob@example.com', role: 'AUDITOR' },
      workspace: workspace.subdomain,
    });
    const again = await app.inject({
      method: 'POST',
      url: '/console/api/invitations/accept',
      payload: { token, password: PASSWORD },
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses an invitation of an unknown workspace, and a second invitation of a member', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/admin/v1/workspaces/00000000-0000-4000-8000-000000000000/members',
      headers: admin,
      payload: { email: 'x@example.com' },
    });
    expect(unknown.statusCode).toBe(404);
    const twice = await app.inject({
      method: 'POST',
      url: `/admin/v1/workspaces/${workspace.id}/members`,
      headers: admin,
      payload: { email: 'ada@example.com' },
    });
    expect(twice.statusCode).toBe(400);
  });

  it('signs in with an HttpOnly, Secure, SameSite=Lax cookie and a JWT', async () => {
    const signed = await session(app, workspace, 'ada@example.com');
    expect(signed.setCookie).toMatch(/^odpp_session=ey/);
    expect(signed.setCookie).toContain('HttpOnly');
    expect(signed.setCookie).toContain('SameSite=Lax');
    // Secure everywhere but on a loopback host (inject's default host is localhost).
    expect(signed.setCookie).not.toContain('Secure');
    const publicHost = await app.inject({
      method: 'POST',
      url: '/console/api/session',
      headers: { host: new URL(BASE_URL).host },
      payload: { workspace: workspace.subdomain, email: 'ada@example.com', password: PASSWORD },
    });
    expect(String(publicHost.headers['set-cookie'])).toMatch(/; Secure/);
    const whoami = await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(signed.token) });
    expect(whoami.statusCode).toBe(200);
    expect(whoami.json().auth).toMatchObject({ role: 'ADMIN', isApiKeySession: false, operatorId: null });
  });

  it('answers a wrong password, an unknown email and an unknown workspace alike', async () => {
    const answers = await Promise.all([
      signIn(app, workspace, 'ada@example.com', 'not the password at all'),
      signIn(app, workspace, 'nobody@example.com'),
      signIn(app, { ...workspace, subdomain: 'no-such-workspace' }, 'ada@example.com'),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(401);
    expect(new Set(answers.map((answer) => answer.json().message)).size).toBe(1);
  });

  it('accepts the session JWT as a Bearer on a write, without CSRF', async () => {
    const signed = await session(app, workspace, 'ada@example.com');
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: bearer(signed.token),
      payload: { name: 'made by a person', role: 'AUDITOR' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const audit = await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer(workspace.token) });
    expect(audit.json().keys.map((key: { name: string }) => key.name)).toContain('made by a person');
  });

  it('refuses a cookie write without the X-CSRF-Token of its session', async () => {
    const signed = await session(app, workspace, 'ada@example.com');
    const other = await session(app, workspace, 'ada@example.com');
    const write = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/keys',
        headers: { cookie: signed.cookie, ...headers },
        payload: { name: 'cookie key', role: 'AUDITOR' },
      });
    const missing = await write({});
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('FORBIDDEN');
    expect((await write({ 'x-csrf-token': other.csrfToken })).statusCode).toBe(403);
    expect((await write({ 'x-csrf-token': 'forged' })).statusCode).toBe(403);
    expect((await write({ 'x-csrf-token': signed.csrfToken })).statusCode).toBe(201);
    // Reads need no token.
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/keys', headers: { cookie: signed.cookie } }))
        .statusCode,
    ).toBe(200);
  });

  it('refreshes a live session, and the JWT expires on its own without refresh', async () => {
    const signed = await session(app, workspace, 'ada@example.com');
    now += 10 * MINUTE;
    const refreshed = await app.inject({
      method: 'POST',
      url: '/console/api/session/refresh',
      headers: bearer(signed.token),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const fresh = refreshed.json().session.token as string;
    now += 10 * MINUTE;
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(signed.token) })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(fresh) })).statusCode,
    ).toBe(200);
  });

  it('signs out for real: every JWT of the session stops working at once', async () => {
    const signed = await session(app, workspace, 'ada@example.com');
    const refreshed = await app.inject({
      method: 'POST',
      url: '/console/api/session/refresh',
      headers: bearer(signed.token),
    });
    const second = refreshed.json().session.token as string;
    const out = await app.inject({
      method: 'DELETE',
      url: '/console/api/session',
      headers: { cookie: signed.cookie, 'x-csrf-token': signed.csrfToken },
    });
    expect(out.statusCode, out.body).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^odpp_session=;/);
    for (const token of [signed.token, second]) {
      const refused = await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('UNAUTHORIZED');
    }
    expect(
      (await app.inject({ method: 'POST', url: '/console/api/session/refresh', headers: bearer(second) }))
        .statusCode,
    ).toBe(401);
  });

  it('locks an account after repeated failures, with the same answer as a wrong password', async () => {
    await addMember(app, workspace, 'carol@example.com');
    for (let i = 0; i < 6; i++) {
      expect((await signIn(app, workspace, 'carol@example.com', `wrong password ${i}`)).statusCode).toBe(401);
    }
    const locked = await signIn(app, workspace, 'carol@example.com');
    expect(locked.statusCode).toBe(401);
    now += 2 * MINUTE;
    expect((await signIn(app, workspace, 'carol@example.com')).statusCode).toBe(200);
  });
});

describe('removing a member', () => {
  let workspace: TestWorkspace;
  const app = useTestApp();
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'boss@example.com');
  });

  it('ends its sessions at once, refuses its sign-in, and lets it be invited again', async () => {
    const boss = await session(app, workspace, 'boss@example.com');
    const invited = await app.inject({
      method: 'POST',
      url: '/console/api/invitations',
      headers: bearer(boss.token),
      payload: { email: 'temp@example.com', role: 'AUDITOR' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = invitationToken(invited.json().url);
    const accepted = await app.inject({
      method: 'POST',
      url: '/console/api/invitations/accept',
      payload: { token, password: PASSWORD },
    });
    const tempId = accepted.json().member.id as string;
    const temp = await session(app, workspace, 'temp@example.com');

    // An auditor who does not manage members can neither invite nor remove.
    const refused = await app.inject({
      method: 'DELETE',
      url: `/console/api/members/${tempId}`,
      headers: bearer(temp.token),
    });
    expect(refused.statusCode).toBe(403);
    const roster = await app.inject({
      method: 'GET',
      url: '/console/api/members',
      headers: bearer(boss.token),
    });
    const bossId = roster.json().members.find((m: { email: string }) => m.email === 'boss@example.com').id;
    const self = await app.inject({
      method: 'DELETE',
      url: `/console/api/members/${bossId}`,
      headers: bearer(boss.token),
    });
    expect(self.statusCode).toBe(400);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/console/api/members/${tempId}`,
      headers: bearer(boss.token),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(temp.token) })).statusCode,
    ).toBe(401);
    expect((await signIn(app, workspace, 'temp@example.com')).statusCode).toBe(401);
    const list = await app.inject({
      method: 'GET',
      url: '/console/api/members',
      headers: bearer(boss.token),
    });
    expect(list.json().members.map((m: { email: string }) => m.email)).toEqual(['boss@example.com']);

    await addMember(app, workspace, 'temp@example.com', 'RECYCLER');
    const back = await session(app, workspace, 'temp@example.com');
    const whoami = await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(back.token) });
    expect(whoami.json().auth.role).toBe('RECYCLER');
  });
});
