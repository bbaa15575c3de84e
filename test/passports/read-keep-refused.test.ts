// The owner read when the store refuses to keep its rendition (a full disk answers SQLSTATE 53100):
// the read still answers, as public resolution does, and the refusal is logged as a warning; a write
// the store refuses so is a 503 with Retry-After. The refusal is the store's own: triggers on the
// workspace's renditions and passports raise disk_full.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_RETRY_AFTER_S } from '../../src/core/errors.ts';
import { bearer, createWorkspace } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { batteryMetadata, createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('the owner read on a store that refuses to keep renditions', () => {
  const name = `refuse_renditions_${randomBytes(4).toString('hex')}`;
  let token: string;
  let passportId: string;

  const app = useTestApp();
  beforeAll(async () => {
    const workspace = await createWorkspace(app);
    token = workspace.token;
    await createOperator(app, workspace);
    passportId = (await createPassport(app, token)).id;
    const { db } = await testDatabase();
    await db.execute(
      sql.raw(`create function ${name}() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`),
    );
    for (const table of ['passport_renditions', 'passports']) {
      await db.execute(
        sql.raw(`create trigger ${name} before insert or update on ${table} for each row
          when (new.tenant_id = '${workspace.id}') execute function ${name}()`),
      );
    }
  });
  afterAll(async () => {
    const { db } = await testDatabase();
    for (const table of ['passport_renditions', 'passports']) {
      await db.execute(sql.raw(`drop trigger if exists ${name} on ${table}`));
    }
    await db.execute(sql.raw(`drop function if exists ${name}()`));
  });

  it('answers the read, in every representation it keeps', async () => {
    for (const accept of ['application/ld+json', 'application/json']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/passports/${passportId}`,
        headers: { ...bearer(token), accept },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: passportId });
    }
  });

  it('refuses a write the store cannot take with 503 and Retry-After, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/passports',
      headers: bearer(token),
      payload: { productId: newGtin13(), category: 'batteries', metadata: batteryMetadata() },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(STORE_RETRY_AFTER_S));
    expect(response.json()).toMatchObject({ code: 'UNAVAILABLE' });
  });
});
