// What other modules embed: the public facility (never the street address) and the passport's
// economicOperator object (never the operator's address).
import { describe, expect, it } from 'vitest';
import { getFacility, toPublicFacility } from '../../src/modules/facilities/service.ts';
import { getOperator, onlyOperator, toEconomicOperatorObject } from '../../src/modules/operators/service.ts';
import { bearer, createWorkspace } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { createOperator } from '../helpers/operator-fixtures.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('views for the passports module', () => {
  const app = useTestApp();

  it('publishes GLN, name, activity and country of a facility, never its address', async () => {
    const workspace = await createWorkspace(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/facilities',
      headers: bearer(workspace.token),
      payload: {
        gln: '4000001000005',
        name: 'Plant',
        activity: 'recycling',
        country: 'PL',
        address: { street: 'Secret 1', city: 'Kraków' },
      },
    });
    const { db } = await testDatabase();
    const record = await getFacility(db, workspace.id, created.json().facility.id);
    expect(record?.address).toEqual({ street: 'Secret 1', city: 'Kraków' });
    expect(record && toPublicFacility(record)).toEqual({
      '@type': 'ManufacturingFacility',
      gln: '4000001000005',
      name: 'Plant',
      activity: 'recycling',
      country: 'PL',
    });
    const other = await createWorkspace(app);
    expect(await getFacility(db, other.id, created.json().facility.id)).toBeNull();
  });

  it('gives the economicOperator object and the only live operator of a workspace', async () => {
    const workspace = await createWorkspace(app);
    const { db } = await testDatabase();
    expect(await onlyOperator(db, workspace.id)).toBeNull();
    const first = await createOperator(app, workspace, {
      name: 'Solo',
      regId: 'DE111222333',
      regIdScheme: 'EORI',
      role: 'IMPORTER',
      country: 'DE',
      address: { street: 'Private 2' },
    });
    const record = await getOperator(db, workspace.id, first.id);
    expect(record && toEconomicOperatorObject(record)).toEqual({
      '@type': 'EconomicOperator',
      id: first.id,
      name: 'Solo',
      regId: 'DE111222333',
      regIdScheme: 'EORI',
      role: 'IMPORTER',
      country: 'DE',
    });
    expect((await onlyOperator(db, workspace.id))?.id).toBe(first.id);
    const second = await createOperator(app, workspace);
    expect(await onlyOperator(db, workspace.id)).toBeNull();
    await app.inject({
      method: 'DELETE',
      url: `/api/v1/operators/${second.id}`,
      headers: bearer(workspace.token),
    });
    expect((await onlyOperator(db, workspace.id))?.id).toBe(first.id);
    expect(await getOperator(db, (await createWorkspace(app)).id, first.id)).toBeNull();
  });
});
