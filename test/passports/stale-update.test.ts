// An update computed from an earlier read (the EN 18222 merge patches) names the version it read:
// if the passport moved on meanwhile, the update is refused instead of overwriting the newer state.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src/context.ts';
import type { Actor } from '../../src/core/actor.ts';
import { ROLE_PERMISSIONS } from '../../src/domain/auth/permissions.ts';
import { updatePassport } from '../../src/modules/passports/service.ts';
import { BASE_URL, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('an update that names the version it was computed from', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let services: ServiceContext;
  let actor: Actor;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    const { db } = await testDatabase();
    // Sealing is not reached by an update.
    services = { db, clock: () => new Date(), baseUrl: BASE_URL, sealing: undefined as never };
    actor = {
      tenantId: workspace.id,
      credential: { kind: 'apiKey', id: workspace.keyId, prefix: 'test' },
      role: 'ADMIN',
      permissions: ROLE_PERMISSIONS.ADMIN,
      operatorId: null,
      changedBy: 'key:test',
    };
  });

  it('is written at that version and refused (409) once the passport moved on', async () => {
    const passport = await createPassport(app, workspace.token);
    const { row } = await updatePassport(
      services,
      actor,
      passport.id,
      { originCountry: 'FR' },
      {
        version: 1,
      },
    );
    expect(row.version).toBe(2);
    await expect(
      updatePassport(services, actor, passport.id, { originCountry: 'NL' }, { version: 1 }),
    ).rejects.toMatchObject({ code: 'CONFLICT', status: 409 });
    const { row: again } = await updatePassport(services, actor, passport.id, { originCountry: 'NL' });
    expect(again).toMatchObject({ version: 3, originCountry: 'NL' });
  });
});
