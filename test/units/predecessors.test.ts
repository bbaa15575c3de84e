import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { batteryUnitEvents } from '../../src/db/schema.ts';
import { bearer, type TestWorkspace } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { createPassport } from '../helpers/passports.ts';
import { createUnit, serialise, uniqueSerial, unitWorkspace } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

// Serialising with predecessors and at end of life: the status table's unit rows.
describe('POST /api/v1/passports/{passportId}/units: predecessors and RECYCLED at birth', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  beforeAll(async () => {
    ({ workspace, passport } = await unitWorkspace(app));
  });

  const post = (payload: unknown, ref = passport.id, token = workspace.token) =>
    serialise(app, token, ref, payload);

  it('creates a unit RECYCLED at birth with ceasedAt stamped', async () => {
    const unit = await createUnit(app, workspace.token, passport.id, { status: 'RECYCLED' });
    expect(unit.status).toBe('RECYCLED');
    expect(unit.ceasedAt).toBe(unit.createdAt);
  });

  it('links a predecessor in one transaction: STATUS_CHANGE event and predecessorStatus', async () => {
    const old = await createUnit(app, workspace.token, passport.id);
    const other = await createPassport(app, workspace.token);
    const response = await post(
      { serialNumber: uniqueSerial(), predecessorUnitId: old.id, predecessorStatus: 'REMANUFACTURED' },
      other.id,
    );
    expect(response.statusCode).toBe(201);
    const successor = response.json().units[0];
    expect(successor.predecessorUnitId).toBe(old.id);
    const view = await app.inject({
      method: 'GET',
      url: `/api/v1/units/${old.id}`,
      headers: bearer(workspace.token),
    });
    expect(view.json().status).toBe('REMANUFACTURED');
    const { db } = await testDatabase();
    const events = await db
      .select()
      .from(batteryUnitEvents)
      .where(and(eq(batteryUnitEvents.tenantId, workspace.id), eq(batteryUnitEvents.batteryUnitId, old.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      eventType: 'STATUS_CHANGE',
      payload: {
        status: 'REMANUFACTURED',
        successorUnitId: successor.id,
        successorSerial: successor.serialNumber,
      },
    });
  });

  it('defaults predecessorStatus to REPURPOSED and refuses other values', async () => {
    const old = await createUnit(app, workspace.token, passport.id);
    const bad = await post({
      serialNumber: uniqueSerial(),
      predecessorUnitId: old.id,
      predecessorStatus: 'WASTE',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatch(
      /predecessorStatus must be one of REPURPOSED, REMANUFACTURED, REUSED$/,
    );
    await post({ serialNumber: uniqueSerial(), predecessorUnitId: old.id });
    const view = await app.inject({
      method: 'GET',
      url: `/api/v1/units/${old.id}`,
      headers: bearer(workspace.token),
    });
    expect(view.json().status).toBe('REPURPOSED');
  });

  it('refuses a recycled predecessor, one recycled at birth, and one not in the workspace', async () => {
    const recycledAtBirth = await createUnit(app, workspace.token, passport.id, { status: 'RECYCLED' });
    const recycledLater = await createUnit(app, workspace.token, passport.id);
    await app.inject({
      method: 'POST',
      url: `/api/v1/units/${recycledLater.id}/events`,
      headers: bearer(workspace.token),
      payload: { eventType: 'STATUS_CHANGE', status: 'RECYCLED' },
    });
    const foreign = await unitWorkspace(app);
    const foreignUnit = await createUnit(app, foreign.workspace.token, foreign.passport.id);
    const response = await post({
      units: [recycledAtBirth.id, recycledLater.id, foreignUnit.id, 'not-a-uuid'].map(
        (predecessorUnitId) => ({
          serialNumber: uniqueSerial(),
          predecessorUnitId,
        }),
      ),
    });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json();
    expect(errors[0]).toMatch(new RegExp(`predecessor unit ${recycledAtBirth.id} is recycled`));
    expect(errors[1]).toMatch(new RegExp(`predecessor unit ${recycledLater.id} is recycled`));
    expect(errors[2]).toMatch(new RegExp(`predecessorUnitId ${foreignUnit.id} does not name a battery unit`));
    expect(errors[3]).toMatch(/predecessorUnitId must be a UUID$/);
  });
});
