// A one-time code spent across instances: two nodes, each with its own connection pool on one
// PostgreSQL database, take 16 concurrent uses of one TOTP code and of one recovery code, half each;
// exactly one session opens. Runs on PostgreSQL only (`npm run test:instances`, TEST_DATABASE_URL).
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/context.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { createWorkspace, randomIp, type TestWorkspace, testConfig } from '../helpers/app.ts';
import { addMember, enrolTotp, session, signIn } from '../helpers/console.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/scratch-database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const STEP = 30_000;
const RACERS = 16;

let scratch: ScratchDatabase | undefined;
const databases: Database[] = [];
const apps: App[] = [];
let workspace: TestWorkspace;
// One clock for both nodes, so that the test decides which TOTP step is current.
let now = Date.now();

beforeAll(async () => {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL (PostgreSQL) is required: npm run test:instances');
  scratch = await scratchDatabase(serverUrl, 'opendpp_codes');
  const url = new URL(scratch.url);
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ databaseUrl: url.toString() });
    databases.push(database);
    const config = testConfig({ DATABASE_URL: url.toString() });
    apps.push(
      await buildApp({ config, db: database.db, changes: database.changes, clock: () => new Date(now) }),
    );
  }
  workspace = await createWorkspace(apps[0] as App, 'enterprise');
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
  await scratch?.drop();
}, 60_000);

const code = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now, period: 30, digits: 6 });

async function enrolledMember(email: string) {
  const app = apps[0] as App;
  await addMember(app, workspace, email);
  const { secret, recoveryCodes } = await enrolTotp(app, await session(app, workspace, email), code);
  // The confirming code spent this step; the race uses the next one.
  now += STEP;
  return { email, secret, recovery: recoveryCodes };
}

/** Each use gets its own challenge and address, and alternates between the two nodes. */
async function race(email: string, oneCode: string): Promise<{ node: number; status: number }[]> {
  const challenges: string[] = [];
  for (let i = 0; i < RACERS; i++)
    challenges.push((await signIn(apps[i % 2] as App, workspace, email)).json().mfa.challenge);
  return Promise.all(
    challenges.map(async (challenge, i) => {
      const answer = await (apps[i % 2] as App).inject({
        method: 'POST',
        url: '/console/api/session/mfa',
        payload: { challenge, code: oneCode },
        remoteAddress: randomIp(),
      });
      return { node: i % 2, status: answer.statusCode };
    }),
  );
}

describe('one-time codes across two instances on one PostgreSQL', () => {
  it(`open one session for ${RACERS} concurrent uses of one TOTP code`, async () => {
    const member = await enrolledMember('totp-instances@example.com');
    const answers = await race(member.email, code(member.secret));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(RACERS - 1);
  });

  it(`open one session for ${RACERS} concurrent uses of one recovery code`, async () => {
    const member = await enrolledMember('recovery-instances@example.com');
    const answers = await race(member.email, member.recovery[0] as string);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(RACERS - 1);
  });
});
