// Failed sign-ins lock the account for the address they came from only: a stranger who knows the
// workspace and the email locks themselves out, while the member signs in from their own address.
// The counts are in the database, so concurrent failures all count and every instance on the
// database sees the same lock.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, signInLocks } from '../../src/db/schema.ts';
import { purgeSignInLocks } from '../../src/modules/console/sign-in-locks.ts';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { addMember, PASSWORD, session } from '../helpers/console.ts';
import { testDatabase } from '../helpers/db.ts';
import { appTest, useTestApp } from '../helpers/use-test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STRANGER = '203.0.113.7';
const OWNER = '198.51.100.20';

describe('sign-in lockout by account and address', () => {
  let now = Date.now();
  const clock = () => new Date(now);
  let workspace: TestWorkspace;
  const app = useTestApp(() => ({ clock }));
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'dana@example.com');
  });

  const signInFrom = (remoteAddress: string, password: string, email = 'dana@example.com', on = app) =>
    on.inject({
      method: 'POST',
      url: '/console/api/session',
      payload: { workspace: workspace.subdomain, email, password },
      remoteAddress,
    });

  /** The stored count of a member and address. */
  async function storedPair(memberId: string, address: string) {
    const { db } = await testDatabase();
    const [row] = await db
      .select()
      .from(signInLocks)
      .where(
        and(
          eq(signInLocks.tenantId, workspace.id),
          eq(signInLocks.memberId, memberId),
          eq(signInLocks.address, address),
        ),
      );
    return row ?? null;
  }

  it("lets the member in from their address while a stranger's failures lock the stranger's", async () => {
    for (let i = 0; i < 8; i++)
      expect((await signInFrom(STRANGER, `not the password ${i}`)).statusCode).toBe(401);
    // Locked for the stranger: even the right password is refused from there, with the same answer.
    const refused = await signInFrom(STRANGER, PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/^Sign-in failed/);
    // The member, from their own address, signs in at once.
    expect((await signInFrom(OWNER, PASSWORD)).statusCode).toBe(200);
  });

  it('still locks the member out of their own address after their own failures, for a while', async () => {
    for (let i = 0; i < 6; i++) expect((await signInFrom(OWNER, `mistyped ${i}`)).statusCode).toBe(401);
    expect((await signInFrom(OWNER, PASSWORD)).statusCode).toBe(401);
    now += 2 * MINUTE;
    expect((await signInFrom(OWNER, PASSWORD)).statusCode).toBe(200);
  });

  it('counts each of 16 concurrent wrong passwords from one address, losing none', async () => {
    const erin = await addMember(app, workspace, 'erin@example.com');
    const address = '192.0.2.16';
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => signInFrom(address, `guess ${i}`, 'erin@example.com')),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(16).fill(401));
    // Every guess that was checked against the password is counted by its own increment: the
    // counts the failures saw are 1 to k, none seen twice and none lost. A guess that arrives once
    // the sixth failure has locked the pair is refused unchecked and uncounted, so k depends on how
    // the 16 interleave (all 16 on one connection, fewer on a pool), but never falls below the
    // six it takes to lock.
    const { db } = await testDatabase();
    const audited = await db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.tenantId, workspace.id),
          eq(auditEvents.subjectId, erin.id),
          eq(auditEvents.action, 'member.sign_in_failed'),
        ),
      );
    const seen = audited.map((row) => (row.details as { failures: number }).failures).sort((a, b) => a - b);
    const checked = seen.length;
    expect(checked).toBeGreaterThanOrEqual(6);
    expect(seen).toEqual(Array.from({ length: checked }, (_, i) => i + 1));
    // The stored count is the last of them, and the lock the one that count earns: 30 s for the
    // sixth failure, doubling with each further one, at most an hour.
    const lockMs = Math.min(HOUR, 30_000 * 2 ** (checked - 6));
    const stored = await storedPair(erin.id, address);
    expect(stored?.failures).toBe(checked);
    expect(stored?.lockedUntil?.getTime()).toBe(now + lockMs);
    now += lockMs - 1_000;
    expect((await signInFrom(address, PASSWORD, 'erin@example.com')).statusCode).toBe(401);
    now += 2_000;
    expect((await signInFrom(address, PASSWORD, 'erin@example.com')).statusCode).toBe(200);
    // A success forgets the pair.
    expect(await storedPair(erin.id, address)).toBeNull();
  });

  it('locks for an hour at most, however many failures follow', async () => {
    const ivy = await addMember(app, workspace, 'ivy@example.com');
    const address = '192.0.2.17';
    // Each failure waits out the lock before it, so every one is checked and counted.
    for (let i = 0; i < 16; i++) {
      expect((await signInFrom(address, `guess ${i}`, 'ivy@example.com')).statusCode).toBe(401);
      const lock = (await storedPair(ivy.id, address))?.lockedUntil;
      if (lock) now = lock.getTime() + 1;
    }
    const stored = await storedPair(ivy.id, address);
    expect(stored?.failures).toBe(16);
    // The sixteenth would earn 30 s × 2^10 uncapped; it earns the hour.
    const lockMs = (stored?.lockedUntil?.getTime() ?? 0) - (stored?.updatedAt.getTime() ?? 0);
    expect(lockMs).toBe(HOUR);
  });

  appTest('shares the lock between instances on one database, and across a restart', async ({ newApp }) => {
    const other = await newApp({ clock });
    await addMember(app, workspace, 'fay@example.com');
    const address = '192.0.2.60';
    // Six failures, three through each instance: five free, the sixth locks the pair for 30 s.
    for (let i = 0; i < 6; i++) {
      const on = i % 2 === 0 ? app : other;
      expect((await signInFrom(address, `guess ${i}`, 'fay@example.com', on)).statusCode).toBe(401);
    }
    for (const on of [app, other])
      expect((await signInFrom(address, PASSWORD, 'fay@example.com', on)).statusCode).toBe(401);
    // An instance started now (a restart) knows the lock too.
    const restarted = await newApp({ clock });
    expect((await signInFrom(address, PASSWORD, 'fay@example.com', restarted)).statusCode).toBe(401);
    // After the lock, a success through one instance clears the count for the other: five more
    // failures through the first are free again.
    now += 31_000;
    expect((await signInFrom(address, PASSWORD, 'fay@example.com', other)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await signInFrom(address, `again ${i}`, 'fay@example.com', app)).statusCode).toBe(401);
    expect((await signInFrom(address, PASSWORD, 'fay@example.com', app)).statusCode).toBe(200);
  });

  it('forgets the counts of a removed member who is invited again', async () => {
    const gus = await addMember(app, workspace, 'gus@example.com');
    const address = '192.0.2.70';
    for (let i = 0; i < 6; i++)
      expect((await signInFrom(address, `guess ${i}`, 'gus@example.com')).statusCode).toBe(401);
    expect((await signInFrom(address, PASSWORD, 'gus@example.com')).statusCode).toBe(401);
    const dana = await session(app, workspace, 'dana@example.com');
    const removed = await app.inject({
      method: 'DELETE',
      url: `/console/api/members/${gus.id}`,
      headers: bearer(dana.token),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    await addMember(app, workspace, 'gus@example.com');
    expect((await signInFrom(address, PASSWORD, 'gus@example.com')).statusCode).toBe(200);
  });

  it('purges pairs idle for a day whose lock has ended, and keeps the others', async () => {
    const hal = await addMember(app, workspace, 'hal@example.com');
    const { db } = await testDatabase();
    const at = new Date(now);
    const ago = (ms: number) => new Date(at.getTime() - ms);
    const row = (address: string, updatedAt: Date, lockedUntil: Date | null) => ({
      tenantId: workspace.id,
      memberId: hal.id,
      address,
      failures: 6,
      lockedUntil,
      updatedAt,
    });
    await db
      .insert(signInLocks)
      .values([
        row('192.0.2.1', ago(25 * HOUR), null),
        row('192.0.2.2', ago(25 * HOUR), ago(24 * HOUR)),
        row('192.0.2.3', ago(23 * HOUR), null),
        row('192.0.2.4', ago(25 * HOUR), new Date(at.getTime() + MINUTE)),
      ]);
    expect(await purgeSignInLocks(db, at)).toBeGreaterThanOrEqual(2);
    const left = await db
      .select({ address: signInLocks.address })
      .from(signInLocks)
      .where(and(eq(signInLocks.tenantId, workspace.id), eq(signInLocks.memberId, hal.id)));
    expect(left.map((r) => r.address).sort()).toEqual(['192.0.2.3', '192.0.2.4']);
  });
});
