// The first partner to store a copy of a passport id holds it, and the store settles it, not a read
// before a write: a second partner's claim made while the first one's transaction is still open
// waits for that transaction, then finds the first partner holding the id. On PostgreSQL the test
// sees the second claim wait on the first one's lock before it lets the first commit; the embedded
// store runs one transaction at a time, so there the second simply comes after.
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { sealFixture } from '../../src/domain/seal/fixtures.ts';
import { claimPassport } from '../../src/modules/backup-host/store.ts';
import { admin } from '../helpers/app.ts';
import { testDatabase, testDatabaseUrl } from '../helpers/db.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const partners: string[] = [];

const host = useTestApp();
beforeAll(async () => {
  for (const name of ['First', 'Second']) {
    const response = await host.inject({
      method: 'POST',
      url: '/admin/v1/backup-partners',
      headers: admin,
      payload: {
        name,
        originBaseUrl: `https://${name.toLowerCase()}.example.test`,
        sealCaPem: (await sealFixture()).ca.certificatePem,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    partners.push(response.json().partner.id);
  }
});

/** Whether a session of this database is waiting for a lock another one holds (PostgreSQL only). */
async function someoneWaitsForALock(): Promise<boolean> {
  const { db } = await testDatabase();
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return (row?.n ?? 0) > 0;
}

describe('claiming a passport id', () => {
  it('answers the first partner to a second claim made while the first is not yet committed', async () => {
    const { db } = await testDatabase();
    const [first, second] = partners as [string, string];
    const passportId = randomUUID();
    let claimed!: () => void;
    const firstClaimed = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    let commit!: () => void;
    const mayCommit = new Promise<void>((resolve) => {
      commit = resolve;
    });
    const firstTransaction = db.transaction(async (tx) => {
      const holder = await claimPassport(tx, passportId, first, new Date());
      claimed();
      await mayCommit;
      return holder;
    });
    await firstClaimed;
    const secondTransaction = db.transaction((tx) => claimPassport(tx, passportId, second, new Date()));
    if (await testDatabaseUrl()) {
      // Polled, not slept on: the second claim is seen waiting on the first one's row.
      while (!(await someoneWaitsForALock())) await delay(10);
    }
    commit();
    expect(await firstTransaction).toBe(first);
    expect(await secondTransaction).toBe(first);
    // And the other way round once it is held: the holder's own claim answers itself.
    expect(await db.transaction((tx) => claimPassport(tx, passportId, first, new Date()))).toBe(first);
  });
});
