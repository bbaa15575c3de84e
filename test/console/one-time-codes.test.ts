// A TOTP code and a recovery code open one session however many requests race with them: on
// PostgreSQL each request has its own connection, so a check and a later write let several win.
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { addMember, enrolTotp, session, signIn } from '../helpers/console.ts';
import { testDatabase } from '../helpers/db.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const STEP = 30_000;
const RACERS = 16;
/** Each race first signs in once per racer (an argon2 verification each): room for a busy machine. */
const SLOW_MS = 60_000;

describe('one-time codes under concurrent use', { timeout: SLOW_MS }, () => {
  let now = Date.now();
  const app = useTestApp(() => ({ clock: () => new Date(now) }));
  let workspace: TestWorkspace;
  const code = (secret: string) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now, period: 30, digits: 6 });

  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
  });

  /** A new member with TOTP enrolled; the clock is then one step on, so a fresh code is unspent. */
  async function enrolledMember(email: string) {
    const member = await addMember(app, workspace, email);
    const { secret, recoveryCodes } = await enrolTotp(app, await session(app, workspace, email), code);
    now += STEP;
    return { id: member.id, email, secret, recovery: recoveryCodes };
  }

  async function challenges(email: string, count: number): Promise<string[]> {
    const out: string[] = [];
    for (let i = 0; i < count; i++) out.push((await signIn(app, workspace, email)).json().mfa.challenge);
    return out;
  }

  /** Sends each challenge with its code at once, each from its own address; answers the statuses. */
  async function race(pairs: { challenge: string; code: string }[]): Promise<number[]> {
    const answers = await Promise.all(
      pairs.map((payload) =>
        app.inject({ method: 'POST', url: '/console/api/session/mfa', payload, remoteAddress: randomIp() }),
      ),
    );
    return answers.map((answer) => answer.statusCode);
  }

  async function sessionCount(memberId: string): Promise<number> {
    const { db } = await testDatabase();
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from member_sessions where tenant_id = ${workspace.id} and member_id = ${memberId}`,
    );
    return row?.n ?? 0;
  }

  it(`opens one session for ${RACERS} parallel uses of one TOTP code`, async () => {
    const member = await enrolledMember('totp-race@example.com');
    const before = await sessionCount(member.id);
    const totp = code(member.secret);
    const statuses = await race(
      (await challenges(member.email, RACERS)).map((challenge) => ({ challenge, code: totp })),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(RACERS - 1);
    expect(await sessionCount(member.id)).toBe(before + 1);
  });

  it(`opens one session for ${RACERS} parallel uses of one recovery code`, async () => {
    const member = await enrolledMember('recovery-race@example.com');
    const before = await sessionCount(member.id);
    const [spent] = member.recovery as [string];
    const statuses = await race(
      (await challenges(member.email, RACERS)).map((challenge) => ({ challenge, code: spent })),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(await sessionCount(member.id)).toBe(before + 1);
  });

  it('lets different recovery codes used at once each open a session', async () => {
    const member = await enrolledMember('recovery-pair@example.com');
    const [first, second] = member.recovery as [string, string];
    const [a, b] = (await challenges(member.email, 2)) as [string, string];
    const statuses = await race([
      { challenge: a, code: first },
      { challenge: b, code: second },
    ]);
    expect(statuses).toEqual([200, 200]);
  });
});
