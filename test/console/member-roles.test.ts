// Changing a member's role through PATCH /console/api/members/{id}: only by a member who manages
// members, never of oneself, never to a role with a permission the changer lacks, 404 across
// workspaces, CSRF on cookie writes, MFA where the workspace requires it, the member's live
// sessions following at once, and the audit record.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema.ts';
import { admin, bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import {
  addMember,
  invitationToken,
  inviteFirstMember,
  PASSWORD,
  type SignedIn,
  session,
} from '../helpers/console.ts';
import { testDatabase } from '../helpers/db.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('changing a member role', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let boss: SignedIn;
  let bossId: string;
  let bobId: string;
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    bossId = (await addMember(app, workspace, 'boss@example.com')).id;
    boss = await session(app, workspace, 'boss@example.com');
    bobId = await addStaff('bob@example.com', 'AUDITOR');
  });

  /** A member invited by the boss: it does not manage members unless told. */
  async function addStaff(email: string, role: string, manageMembers = false) {
    const invited = await app.inject({
      method: 'POST',
      url: '/console/api/invitations',
      headers: bearer(boss.token),
      payload: { email, role, manageMembers },
    });
    const accepted = await app.inject({
      method: 'POST',
      url: '/console/api/invitations/accept',
      payload: { token: invitationToken(invited.json().url), password: PASSWORD },
    });
    if (accepted.statusCode !== 201) throw new Error(accepted.body);
    return accepted.json().member.id as string;
  }
  const change = (headers: Record<string, string>, id: string, payload: unknown) =>
    app.inject({ method: 'PATCH', url: `/console/api/members/${id}`, headers, payload: payload as object });
  const whoami = async (token: string) =>
    (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) })).json();

  it('changes the role, and the member live session acts with it at once', async () => {
    const bob = await session(app, workspace, 'bob@example.com');
    expect((await whoami(bob.token)).auth.role).toBe('AUDITOR');
    const refusedBefore = await app.inject({
      method: 'POST',
      url: '/api/v1/facilities',
      headers: bearer(bob.token),
      payload: { gln: '4012345000009', name: 'Line', activity: 'assembly', country: 'DE' },
    });
    expect(refusedBefore.statusCode).toBe(403);

    const changed = await change(bearer(boss.token), bobId, { role: 'BRAND_OPERATOR', manageMembers: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().member).toMatchObject({
      id: bobId,
      email: 'bob@example.com',
      role: 'BRAND_OPERATOR',
      manageMembers: true,
    });
    expect((await whoami(bob.token)).auth.role).toBe('BRAND_OPERATOR');
    const list = await app.inject({ method: 'GET', url: '/console/api/members', headers: bearer(bob.token) });
    expect(list.json().members.find((m: { id: string }) => m.id === bobId)).toMatchObject({
      role: 'BRAND_OPERATOR',
      manageMembers: true,
    });

    const { db } = await testDatabase();
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.tenantId, workspace.id), eq(auditEvents.subjectId, bobId)));
    const changes = rows.filter((row) => row.action === 'member.role_changed');
    expect(changes).toHaveLength(1);
    expect(changes[0]?.actor).toBe(`user:${bossId}`);
    expect(changes[0]?.details).toMatchObject({
      from: { role: 'AUDITOR', manageMembers: false },
      to: { role: 'BRAND_OPERATOR', manageMembers: true },
    });
  });

  it('refuses a member who does not manage members, and a change of oneself', async () => {
    const carolId = await addStaff('carol@example.com', 'BRAND_OPERATOR');
    const carol = await session(app, workspace, 'carol@example.com');
    const notManager = await change(bearer(carol.token), bobId, { role: 'AUDITOR' });
    expect(notManager.statusCode).toBe(403);
    expect(notManager.json().code).toBe('FORBIDDEN');
    const self = await change(bearer(boss.token), bossId, { role: 'AUDITOR' });
    expect(self.statusCode).toBe(400);
    const empty = await change(bearer(boss.token), carolId, {});
    expect(empty.statusCode).toBe(400);
    const unknownRole = await change(bearer(boss.token), carolId, { role: 'OWNER' });
    expect(unknownRole.statusCode).toBe(400);
    expect((await whoami(boss.token)).auth.role).toBe('ADMIN');
  });

  it('lets nobody grant a role with a permission they lack, nor change a member above them', async () => {
    // bob is now a BRAND_OPERATOR who manages members.
    const bob = await session(app, workspace, 'bob@example.com');
    const daveId = await addStaff('dave@example.com', 'AUDITOR');
    const upward = await change(bearer(bob.token), daveId, { role: 'ADMIN' });
    expect(upward.statusCode).toBe(403);
    expect(upward.json().code).toBe('INSUFFICIENT_PERMISSION');
    const demoteAdmin = await change(bearer(bob.token), bossId, { role: 'AUDITOR' });
    expect(demoteAdmin.statusCode).toBe(403);
    const sideways = await change(bearer(bob.token), daveId, { role: 'RECYCLER' });
    expect(sideways.statusCode, sideways.body).toBe(200);
    expect(sideways.json().member.role).toBe('RECYCLER');
  });

  it('answers 404 for a member of another workspace and for an unknown id', async () => {
    const other = await createWorkspace(app, 'enterprise');
    const stranger = await inviteFirstMember(app, other, 'stranger@example.com', 'AUDITOR');
    const accepted = await app.inject({
      method: 'POST',
      url: '/console/api/invitations/accept',
      payload: { token: invitationToken(stranger.url), password: PASSWORD },
    });
    const strangerId = accepted.json().member.id as string;
    const across = await change(bearer(boss.token), strangerId, { role: 'RECYCLER' });
    expect(across.statusCode).toBe(404);
    const unknown = await change(bearer(boss.token), '00000000-0000-4000-8000-000000000000', {
      role: 'RECYCLER',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await change(bearer(boss.token), 'not-a-uuid', { role: 'RECYCLER' });
    expect(malformed.statusCode).toBe(404);
  });

  it('takes a session only, and a cookie write needs its CSRF token', async () => {
    const key = await change(bearer(workspace.token), bobId, { role: 'AUDITOR' });
    expect(key.statusCode).toBe(401);
    const cookieOnly = await change({ cookie: boss.cookie }, bobId, { role: 'AUDITOR' });
    expect(cookieOnly.statusCode).toBe(403);
    expect(cookieOnly.json().code).toBe('FORBIDDEN');
    const withToken = await change({ cookie: boss.cookie, 'x-csrf-token': boss.csrfToken }, bobId, {
      role: 'AUDITOR',
    });
    expect(withToken.statusCode, withToken.body).toBe(200);
    expect(withToken.json().member.role).toBe('AUDITOR');
  });

  it('answers MFA_REQUIRED where the workspace requires MFA and the changer has not enrolled', async () => {
    const strict = await createWorkspace(app, 'enterprise');
    await addMember(app, strict, 'chief@example.com');
    const eveId = (await addMember(app, strict, 'eve@example.com', 'AUDITOR')).id;
    await app.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${strict.id}`,
      headers: admin,
      payload: { mfaRequired: true },
    });
    const chief = await session(app, strict, 'chief@example.com');
    const refused = await change(bearer(chief.token), eveId, { role: 'RECYCLER' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MFA_REQUIRED');
  });
});
