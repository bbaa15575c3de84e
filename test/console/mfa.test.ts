// Two-factor authentication: TOTP enrolment with codes computed here, recovery codes shown once and
// usable once, the sign-in challenge, replay refusal, and the workspace's `mfaRequired` on writes.
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { addMember, type SignedIn, session, signIn } from '../helpers/console.ts';
import { uniqueRegId } from '../helpers/operator-fixtures.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const STEP = 30_000;

describe('console MFA', () => {
  let now = Date.now();
  const app = useTestApp(() => ({ clock: () => new Date(now) }));
  let workspace: TestWorkspace;
  const code = (secret: string) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now, period: 30, digits: 6 });
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'ada@example.com');
    await addMember(app, workspace, 'bob@example.com', 'BRAND_OPERATOR');
  });

  async function enrol(signed: SignedIn) {
    const started = await app.inject({
      method: 'POST',
      url: '/console/api/mfa/enrolment',
      headers: bearer(signed.token),
    });
    expect(started.statusCode, started.body).toBe(200);
    const { secret, otpauthUri, qrSvg } = started.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/OpenDPP:/);
    expect(qrSvg).toMatch(/^<svg/);
    const wrong = await app.inject({
      method: 'POST',
      url: '/console/api/mfa/enrolment/confirm',
      headers: bearer(signed.token),
      payload: { code: '000000' === code(secret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/console/api/mfa/enrolment/confirm',
      headers: bearer(signed.token),
      payload: { code: code(secret) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json().recoveryCodes as string[] };
  }

  it('enrols, then signs in through the challenge, refusing a replayed code', async () => {
    const signed = await session(app, workspace, 'ada@example.com');
    const { secret, recoveryCodes } = await enrol(signed);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const first = await signIn(app, workspace, 'ada@example.com');
    expect(first.statusCode).toBe(200);
    expect(first.json().session).toBeUndefined();
    expect(first.headers['set-cookie']).toBeUndefined();
    const { challenge } = first.json().mfa;
    // The code that confirmed the enrolment was spent: the same step is refused.
    const replay = await app.inject({
      method: 'POST',
      url: '/console/api/session/mfa',
      payload: { challenge, code: code(secret) },
    });
    expect(replay.statusCode).toBe(401);
    now += STEP;
    const answered = await app.inject({
      method: 'POST',
      url: '/console/api/session/mfa',
      payload: { challenge, code: code(secret) },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(String(answered.headers['set-cookie'])).toMatch(/^odpp_session=ey/);
    const token = answered.json().session.token;
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) })).statusCode,
    ).toBe(200);

    // A recovery code works once.
    const again = (await signIn(app, workspace, 'ada@example.com')).json().mfa.challenge;
    const recovered = await app.inject({
      method: 'POST',
      url: '/console/api/session/mfa',
      payload: { challenge: again, code: recoveryCodes[0] },
    });
    expect(recovered.statusCode).toBe(200);
    const third = (await signIn(app, workspace, 'ada@example.com')).json().mfa.challenge;
    const reused = await app.inject({
      method: 'POST',
      url: '/console/api/session/mfa',
      payload: { challenge: third, code: recoveryCodes[0] },
    });
    expect(reused.statusCode).toBe(401);
  });

  it('ends the other sessions of a member who enrols', async () => {
    await addMember(app, workspace, 'eve@example.com');
    const older = await session(app, workspace, 'eve@example.com');
    const current = await session(app, workspace, 'eve@example.com');
    await enrol(current);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(older.token) })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(current.token) })).statusCode,
    ).toBe(200);
  });

  it('refuses writes of a member without MFA when the workspace requires it; keys stay exempt', async () => {
    const bob = await session(app, workspace, 'bob@example.com');
    await app.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${workspace.id}`,
      headers: admin,
      payload: { mfaRequired: true },
    });
    try {
      const write = (headers: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/operators',
          headers,
          payload: {
            name: 'Voltaic Cells SE',
            regIdScheme: 'DE-HRB',
            regId: uniqueRegId(),
            role: 'MANUFACTURER',
          },
        });
      const refused = await write(bearer(bob.token));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('MFA_REQUIRED');
      const cookie = await write({ cookie: bob.cookie, 'x-csrf-token': bob.csrfToken });
      expect(cookie.json().code).toBe('MFA_REQUIRED');
      // Reads go on, and the member can still enrol.
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/operators', headers: bearer(bob.token) }))
          .statusCode,
      ).toBe(200);
      const invite = await app.inject({
        method: 'POST',
        url: '/console/api/invitations',
        headers: bearer(bob.token),
        payload: { email: 'z@example.com' },
      });
      expect(invite.json().code).toBe('MFA_REQUIRED');
      expect((await write(bearer(workspace.token))).statusCode).not.toBe(403);

      await enrol(bob);
      expect((await write(bearer(bob.token))).statusCode).toBe(201);
    } finally {
      await app.inject({
        method: 'PATCH',
        url: `/admin/v1/workspaces/${workspace.id}`,
        headers: admin,
        payload: { mfaRequired: false },
      });
    }
  });
});
