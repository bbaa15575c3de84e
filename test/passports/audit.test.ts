import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, notifications } from '../../src/db/schema.ts';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { batteryMetadata, createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('the audit record of passport changes', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
  });

  const request = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url, headers: bearer(workspace.token), ...(payload ? { payload } : {}) });

  async function trailOf(passportId: string) {
    const { db } = await testDatabase();
    return db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.tenantId, workspace.id), eq(auditEvents.subjectId, passportId)))
      .orderBy(asc(auditEvents.at), asc(auditEvents.action));
  }

  it('records creation, each update and each status move with the version it produced', async () => {
    const passport = await createPassport(app, workspace.token);
    const metadata = batteryMetadata();
    expect(
      (await request('PUT', `/api/v1/passports/${passport.id}`, { metadata, changeReason: 'typo' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await request('PUT', `/api/v1/passports/${passport.id}/status`, {
          status: 'RECALLED',
          reason: 'fire risk',
        })
      ).statusCode,
    ).toBe(200);
    const trail = await trailOf(passport.id);
    expect(trail.map((row) => [row.action, (row.details as { version: number }).version])).toEqual([
      ['passport.created', 1],
      ['passport.updated', 2],
      ['passport.status_changed', 3],
    ]);
    expect(trail[1]?.details).toMatchObject({ changeReason: 'typo' });
    expect(trail[2]?.details).toMatchObject({ from: 'ACTIVE', status: 'RECALLED', reason: 'fire risk' });
    expect(trail.every((row) => row.actor.startsWith('key:'))).toBe(true);

    const { db } = await testDatabase();
    const notices = await db.select().from(notifications).where(eq(notifications.tenantId, workspace.id));
    expect(notices.filter((n) => n.kind === 'passport.recalled')).toHaveLength(1);
  });

  it('records the deletion of a draft, and nothing for a refused change', async () => {
    const draft = await createPassport(app, workspace.token, { status: 'DRAFT' });
    expect(
      (await request('PUT', `/api/v1/passports/${draft.id}/status`, { status: 'RECALLED' })).statusCode,
    ).toBe(409);
    expect((await request('DELETE', `/api/v1/passports/${draft.id}`)).statusCode).toBe(204);
    expect((await trailOf(draft.id)).map((row) => row.action)).toEqual([
      'passport.created',
      'passport.deleted',
    ]);
  });

  it('records each created bulk row, and none for a refused row', async () => {
    const good = newGtin13();
    const response = await request('POST', '/api/v1/passports/bulk', {
      passports: [
        { productId: good, category: 'batteries', metadata: batteryMetadata() },
        { productId: '4006381333932', category: 'batteries', metadata: batteryMetadata() },
      ],
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().passports;
    expect(created).toHaveLength(1);
    expect((await trailOf(created[0].id)).map((row) => row.action)).toEqual(['passport.created']);
    const { db } = await testDatabase();
    const all = await db.select().from(auditEvents).where(eq(auditEvents.tenantId, workspace.id));
    expect(
      all.filter((row) => (row.details as { productId?: string }).productId === '04006381333932'),
    ).toEqual([]);
  });
});
