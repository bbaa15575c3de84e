// Authentication 8: "Write operations pass subscription gating (402) and optional tenant MFA
// enforcement (403)." While a workspace requires MFA, API keys go on doing machine work, but a new
// key (a new credential) needs a console session of a member who passed the second factor; an API
// key, which cannot pass it, is refused with 403 MFA_REQUIRED. whoami shows the requirement.
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { addMember, enrolTotp, session, signIn } from '../helpers/console.ts';
import { uniqueRegId } from '../helpers/operator-fixtures.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const STEP = 30_000;

describe('MFA enforcement on API key creation', () => {
  let now = Date.now();
  const app = useTestApp(() => ({ clock: () => new Date(now) }));
  let workspace: TestWorkspace;
  const code = (secret: string) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now, period: 30, digits: 6 });

  const requireMfa = (on: boolean) =>
    app.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${workspace.id}`,
      headers: admin,
      payload: { mfaRequired: on },
    });
  const createKey = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
    app.inject({ method: 'POST', url: '/api/v1/keys', headers, payload: { name: 'new key', ...body } });
  const whoami = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/whoami', headers });

  /** A session of an enrolled member, opened through the sign-in challenge with a fresh code. */
  async function sessionThroughMfa(email: string) {
    await addMember(app, workspace, email);
    const first = await session(app, workspace, email);
    const { secret } = await enrolTotp(app, first, code);
    now += STEP;
    const challenge = (await signIn(app, workspace, email)).json().mfa.challenge as string;
    const answered = await app.inject({
      method: 'POST',
      url: '/console/api/session/mfa',
      payload: { challenge, code: code(secret) },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    return answered.json().session as { token: string; csrfToken: string };
  }

  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
  });

  it('lets an API key create keys while the workspace does not require MFA, and whoami says so', async () => {
    expect((await whoami(bearer(workspace.token))).json().tenant.mfaRequired).toBe(false);
    expect((await createKey(bearer(workspace.token))).statusCode).toBe(201);
  });

  it('refuses key creation by an API key with 403 MFA_REQUIRED while MFA is required, writing no key', async () => {
    await requireMfa(true);
    try {
      expect((await whoami(bearer(workspace.token))).json().tenant.mfaRequired).toBe(true);
      const before = (
        await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer(workspace.token) })
      ).json().keys.length;
      for (const body of [
        {},
        { role: 'AUDITOR', permissions: ['passport:read'] },
        { expiresAt: '2999-01-01T00:00:00Z' },
      ]) {
        const refused = await createKey(bearer(workspace.token), body);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          success: false,
          error: 'Forbidden',
          code: 'MFA_REQUIRED',
          message: expect.stringMatching(/two-factor/),
        });
      }
      const after = (
        await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer(workspace.token) })
      ).json().keys.length;
      expect(after).toBe(before);
    } finally {
      await requireMfa(false);
    }
  });

  it('keeps API keys usable for every other machine write and for revoking keys', async () => {
    const spare = (await createKey(bearer(workspace.token))).json().key.id as string;
    await requireMfa(true);
    try {
      const operator = await app.inject({
        method: 'POST',
        url: '/api/v1/operators',
        headers: bearer(workspace.token),
        payload: {
          name: 'Voltaic Cells SE',
          regIdScheme: 'DE-HRB',
          regId: uniqueRegId(),
          role: 'MANUFACTURER',
        },
      });
      expect(operator.statusCode, operator.body).toBe(201);
      const revoked = await app.inject({
        method: 'DELETE',
        url: `/api/v1/keys/${spare}`,
        headers: bearer(workspace.token),
      });
      expect(revoked.statusCode).toBe(204);
    } finally {
      await requireMfa(false);
    }
  });

  it('lets a console session that passed MFA create a key, and refuses one that did not', async () => {
    const passed = await sessionThroughMfa('mfa-admin@example.com');
    await addMember(app, workspace, 'no-mfa@example.com');
    const notPassed = await session(app, workspace, 'no-mfa@example.com');
    await requireMfa(true);
    try {
      expect((await whoami(bearer(passed.token))).json().tenant.mfaRequired).toBe(true);
      const created = await createKey(bearer(passed.token));
      expect(created.statusCode, created.body).toBe(201);
      const token = created.json().token as string;
      // The new key works for machine reads, but cannot mint keys itself.
      expect((await whoami(bearer(token))).statusCode).toBe(200);
      const refused = await createKey(bearer(notPassed.token));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('MFA_REQUIRED');
    } finally {
      await requireMfa(false);
    }
  });
});
