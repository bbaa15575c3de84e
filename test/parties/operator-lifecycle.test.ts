// The operator state table: bound → archived (with passports) or hard-deleted; archived → restored.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { createOperator, insertPassport, passportRow } from '../helpers/operator-fixtures.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('economic operator lifecycle', () => {
  const app = useTestApp(() => ({ clock: () => new Date(now) }));
  let workspace: TestWorkspace;
  let now = new Date('2026-03-01T10:00:00.000Z').getTime();
  beforeAll(async () => {
    workspace = await createWorkspace(app);
  });

  const call = (method: 'GET' | 'DELETE' | 'POST', url: string) =>
    app.inject({ method, url, headers: bearer(workspace.token) });
  const activePassports = async () =>
    (await call('GET', '/api/v1/whoami')).json().usage.activePassports as number;

  it('hard-deletes an operator without passports (204), leaving its facilities unattached', async () => {
    const operator = await createOperator(app, workspace);
    const facility = await app.inject({
      method: 'POST',
      url: '/api/v1/facilities',
      headers: bearer(workspace.token),
      payload: {
        gln: '4000001000005',
        name: 'Plant',
        activity: 'assembly',
        country: 'DE',
        operatorId: operator.id,
      },
    });
    expect(facility.statusCode, facility.body).toBe(201);
    const response = await call('DELETE', `/api/v1/operators/${operator.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call('GET', `/api/v1/operators/${operator.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/operators?includeArchived=true')).json().operators).not.toContainEqual(
      expect.objectContaining({ id: operator.id }),
    );
    const kept = await call('GET', `/api/v1/facilities/${facility.json().facility.id}`);
    expect(kept.json().facility.operatorId).toBeNull();
    expect((await call('DELETE', `/api/v1/operators/${operator.id}`)).statusCode).toBe(404);
  });

  it('archives an operator with passports together with them, and restores both', async () => {
    const operator = await createOperator(app, workspace);
    const bystander = await createOperator(app, workspace);
    const passportIds = [
      await insertPassport(workspace.id, operator.id),
      await insertPassport(workspace.id, operator.id),
    ];
    const untouched = await insertPassport(workspace.id, bystander.id);
    const activeBefore = await activePassports();

    const archivedAt = new Date(now).toISOString();
    const archived = await call('DELETE', `/api/v1/operators/${operator.id}`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toEqual({
      success: true,
      archived: true,
      archivedPassports: 2,
      operator: expect.objectContaining({ id: operator.id, archivedAt }),
    });
    for (const id of passportIds)
      expect((await passportRow(workspace.id, id)).archivedAt?.toISOString()).toBe(archivedAt);
    expect((await passportRow(workspace.id, untouched)).archivedAt).toBeNull();
    expect(await activePassports()).toBe(activeBefore - 2);
    const read = (await call('GET', `/api/v1/operators/${operator.id}`)).json();
    expect(read.operator).toMatchObject({ archivedAt, passportCount: 2 });

    now += 60_000;
    const again = await call('DELETE', `/api/v1/operators/${operator.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ archivedPassports: 0, operator: { archivedAt } });

    const restored = await call('POST', `/api/v1/operators/${operator.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({
      success: true,
      restoredPassports: 2,
      operator: expect.objectContaining({ id: operator.id, archivedAt: null }),
    });
    for (const id of passportIds) expect((await passportRow(workspace.id, id)).archivedAt).toBeNull();
    expect(await activePassports()).toBe(activeBefore);
    expect((await call('GET', '/api/v1/operators')).json().operators).toContainEqual(
      expect.objectContaining({ id: operator.id }),
    );
  });

  it('refuses to restore an operator that is not archived (409)', async () => {
    const operator = await createOperator(app, workspace);
    const response = await call('POST', `/api/v1/operators/${operator.id}/restore`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, error: 'Conflict', code: 'CONFLICT' });
    expect(
      (await call('POST', '/api/v1/operators/00000000-0000-4000-8000-000000000000/restore')).statusCode,
    ).toBe(404);
  });

  it("never touches another workspace's passports", async () => {
    const other = await createWorkspace(app);
    const theirs = await createOperator(app, other);
    const theirPassport = await insertPassport(other.id, theirs.id);
    expect((await call('DELETE', `/api/v1/operators/${theirs.id}`)).statusCode).toBe(404);
    expect((await passportRow(other.id, theirPassport)).archivedAt).toBeNull();
    const { db } = await testDatabase();
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from operators where id = ${theirs.id}`,
    );
    expect(row?.n).toBe(1);
  });
});
