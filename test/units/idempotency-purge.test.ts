import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { idempotencyKeys } from '../../src/db/schema.ts';
import { purgeExpiredKeys } from '../../src/modules/units/idempotency-purge.ts';
import { testDatabase } from '../helpers/db.ts';
import { unitWorkspace } from '../helpers/units.ts';
import { appTest } from '../helpers/use-test-app.ts';

const HOUR = 3_600_000;

describe('idempotency purge', () => {
  appTest('removes records past the 24-hour window and keeps the others', async ({ newApp }) => {
    const { workspace } = await unitWorkspace(await newApp());
    const { db } = await testDatabase();
    const now = new Date();
    const scopeId = randomUUID();
    const row = (key: string, ageHours: number) => ({
      tenantId: workspace.id,
      scopeId,
      key,
      statusCode: 201,
      body: '{}',
      createdAt: new Date(now.getTime() - ageHours * HOUR),
    });
    await db.insert(idempotencyKeys).values([row('old', 25), row('edge', 23.9), row('fresh', 0)]);
    expect(await purgeExpiredKeys(db, now)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.tenantId, workspace.id), eq(idempotencyKeys.scopeId, scopeId)));
    expect(left.map((r) => r.key).sort()).toEqual(['edge', 'fresh']);
  });
});
