// The migration that gives each passport id one holding partner takes a host whose copies already
// break the rule (a partner that pushed another's passport id, with higher versions): each id goes
// to the partner whose copy of it came first, and the other copies stay, held by no one.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, type MigrationStore, storeBefore } from '../helpers/migration-store.ts';

let store: MigrationStore;

beforeAll(async () => {
  store = await storeBefore('0021_backup_passport_holders');
});

afterAll(() => store?.close());

describe('the passport holders migration', () => {
  it('gives each passport id to the partner whose copy of it came first', async () => {
    const [victim, mallory] = [randomUUID(), randomUUID()];
    for (const [id, name] of [
      [victim, 'Victim'],
      [mallory, 'Mallory'],
    ] as const) {
      await store.query(
        `insert into backup_partners (id, name, origin_base_url, seal_ca_pem, token_hash)
         values ($1, $2, 'https://origin.example.test', 'pem', $3)`,
        [id, name, randomUUID()],
      );
    }
    const [shared, own] = [randomUUID(), randomUUID()];
    const copy = (partnerId: string, passportId: string, version: number, receivedAt: string) =>
      store.query(
        `insert into backup_copies (partner_id, passport_id, version, version_hash, document_box, received_at)
         values ($1, $2, $3, 'sha256:00', 'box', $4)`,
        [partnerId, passportId, version, receivedAt],
      );
    await copy(victim, shared, 2, '2026-01-01T00:00:00Z');
    await copy(mallory, shared, 999, '2026-01-02T00:00:00Z');
    await copy(victim, shared, 3, '2026-01-03T00:00:00Z');
    await copy(mallory, own, 5, '2026-01-04T00:00:00Z');

    await store.migrate(MIGRATIONS);

    const holders = await store.query<{ passport_id: string; partner_id: string }>(
      'select passport_id, partner_id from backup_passport_holders order by claimed_at',
    );
    expect(holders).toEqual([
      { passport_id: shared, partner_id: victim },
      { passport_id: own, partner_id: mallory },
    ]);
    const copies = await store.query<{ n: number }>('select count(*)::int as n from backup_copies');
    expect(copies).toEqual([{ n: 4 }]);
  });
});
