// Unconfirmed values (docs/passports.md, "Unconfirmed values"): a draft created with values taken
// from an example or copied keeps their markers; changing a value confirms it, confirming a part
// confirms all of it, and publishing is refused while any stands, naming each.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { batteryMetadata, createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const MASS = '/metadata/generalInformation/batteryMass';
const CHEMISTRY = '/metadata/materialComposition/chemistry/shortName';
const FOOTPRINT = '/metadata/carbonFootprint';

describe('unconfirmed values', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    apiCall(app, workspace.token, method, url, payload);
  const paths = (body: { errors?: { code: string; path?: string }[] }) =>
    (body.errors ?? []).map((item) => `${item.code} ${item.path}`);
  const draft = async (unconfirmed: unknown) => {
    const body = {
      productId: newGtin13(),
      category: 'batteries',
      status: 'DRAFT',
      originCountry: 'DE',
      metadata: batteryMetadata(),
      unconfirmed,
    };
    const created = await call('POST', '/api/v1/passports', body);
    expect(created.statusCode, created.body).toBe(201);
    return created.json().passport as { id: string; unconfirmed?: unknown[] };
  };
  const carbon = () => batteryMetadata().carbonFootprint as Record<string, unknown>;
  const footprintPaths = () =>
    Object.keys(carbon())
      .filter((key) => typeof carbon()[key] !== 'object')
      .map((key) => `${FOOTPRINT}/${key}`);

  it('keeps the markers and shows them on the owner read', async () => {
    const marked = [
      { path: MASS, origin: 'example' },
      { path: '/originCountry', origin: 'copied' },
    ];
    const passport = await draft(marked);
    expect(passport.unconfirmed).toEqual(marked);
    const read = await call('GET', `/api/v1/passports/${passport.id}`);
    expect(read.json().unconfirmed).toEqual(marked);
  });

  it('refuses publishing while any stands, naming each path', async () => {
    const passport = await draft([
      { path: MASS, origin: 'example' },
      { path: '/originCountry', origin: 'copied' },
    ]);
    const refused = await call('PUT', `/api/v1/passports/${passport.id}/status`, { status: 'ACTIVE' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(paths(refused.json())).toEqual([
      `EXAMPLE_VALUE_UNCONFIRMED ${MASS}`,
      'COPIED_VALUE_UNCONFIRMED /originCountry',
    ]);
    expect(refused.json().errors[0].friendlyMessage).toContain('confirm or change');
    const still = await call('GET', `/api/v1/passports/${passport.id}`);
    expect(still.json().status).toBe('DRAFT');
  });

  it('confirms a value by changing it, and keeps the values left as they were', async () => {
    const passport = await draft([
      { path: MASS, origin: 'example' },
      { path: CHEMISTRY, origin: 'example' },
    ]);
    const metadata = batteryMetadata();
    (metadata.generalInformation as Record<string, unknown>).batteryMass = 312.5;
    const saved = await call('PUT', `/api/v1/passports/${passport.id}?partial=true`, { metadata });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().passport.unconfirmed).toEqual([{ path: CHEMISTRY, origin: 'example' }]);
  });

  it('confirms a whole part in one call, then publishes', async () => {
    const marked = footprintPaths().map((path) => ({ path, origin: 'example' }));
    const passport = await draft([...marked, { path: MASS, origin: 'example' }]);
    const confirmed = await call('POST', `/api/v1/passports/${passport.id}/confirmations`, {
      paths: [FOOTPRINT],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().passport.unconfirmed).toEqual([{ path: MASS, origin: 'example' }]);
    const again = await call('POST', `/api/v1/passports/${passport.id}/confirmations`, { paths: [''] });
    expect(again.statusCode).toBe(200);
    expect(again.json().passport).not.toHaveProperty('unconfirmed');
    const published = await call('PUT', `/api/v1/passports/${passport.id}/status`, { status: 'ACTIVE' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().passport).not.toHaveProperty('unconfirmed');
  });

  it('keeps the markers under a list that gained or lost items', async () => {
    const substances = '/metadata/materialComposition/hazardousSubstances';
    const list = (batteryMetadata().materialComposition as Record<string, unknown[]>).hazardousSubstances;
    expect(list?.length).toBeGreaterThan(0);
    const passport = await draft([{ path: `${substances}/0/name`, origin: 'copied' }]);
    const metadata = batteryMetadata();
    const composition = metadata.materialComposition as Record<string, unknown[]>;
    composition.hazardousSubstances = [{ ...(list?.[0] as object), name: 'Changed' }, list?.[0]];
    const saved = await call('PUT', `/api/v1/passports/${passport.id}?partial=true`, { metadata });
    expect(saved.statusCode, saved.body).toBe(200);
    // The list grew: the item at the position may be another one, so the marker stands.
    expect(saved.json().passport.unconfirmed).toEqual([{ path: `${substances}/0/name`, origin: 'copied' }]);
  });

  it('refuses markers on a published create, and markers that name nothing', async () => {
    const base = { productId: newGtin13(), category: 'batteries', metadata: batteryMetadata() };
    const active = await call('POST', '/api/v1/passports', {
      ...base,
      unconfirmed: [{ path: MASS, origin: 'example' }],
    });
    expect(active.statusCode).toBe(400);
    expect(active.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(active.json().message).toContain('drafts only');
    for (const unconfirmed of [
      [{ path: '/metadata/nothingHere', origin: 'example' }],
      [{ path: '/productId', origin: 'example' }],
      [{ path: MASS, origin: 'guessed' }],
    ]) {
      const refused = await call('POST', '/api/v1/passports', { ...base, status: 'DRAFT', unconfirmed });
      expect(refused.statusCode, JSON.stringify(unconfirmed)).toBe(400);
      expect(refused.json().success).toBe(false);
    }
    const none = await call('GET', `/api/v1/passports?limit=100`);
    expect(none.json().passports.map((p: { productId: string }) => p.productId)).not.toContain(
      `0${base.productId}`,
    );
  });

  it('changes nothing for a client that never marks values', async () => {
    const passport = await createPassport(app, workspace.token, { status: 'DRAFT' });
    expect(passport).not.toHaveProperty('unconfirmed');
    const read = await call('GET', `/api/v1/passports/${passport.id}`);
    expect(read.json()).not.toHaveProperty('unconfirmed');
    const published = await call('PUT', `/api/v1/passports/${passport.id}/status`, { status: 'ACTIVE' });
    expect(published.statusCode).toBe(200);
    const confirm = await call('POST', `/api/v1/passports/${passport.id}/confirmations`, { paths: [''] });
    expect(confirm.statusCode).toBe(200);
  });

  it("answers another workspace's passport with 404 and changes nothing", async () => {
    const passport = await draft([{ path: MASS, origin: 'example' }]);
    const other = await createWorkspace(app);
    const foreign = await apiCall(
      app,
      other.token,
      'POST',
      `/api/v1/passports/${passport.id}/confirmations`,
      {
        paths: [''],
      },
    );
    expect(foreign.statusCode).toBe(404);
    const read = await call('GET', `/api/v1/passports/${passport.id}`);
    expect(read.json().unconfirmed).toEqual([{ path: MASS, origin: 'example' }]);
  });

  authContract({
    method: 'POST',
    path: '/api/v1/passports/{id}/confirmations',
    url: async (app, ws) => {
      await createOperator(app, ws);
      return `/api/v1/passports/${(await createPassport(app, ws.token, { status: 'DRAFT' })).id}/confirmations`;
    },
    permission: 'passport:update',
    payload: { paths: [''] },
    foreignUrl: async (app, other) => {
      await createOperator(app, other);
      return `/api/v1/passports/${(await createPassport(app, other.token)).id}/confirmations`;
    },
  });
});
