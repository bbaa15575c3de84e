// Registering, listing, reading, replacing and deleting facilities.
import { beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../src/domain/gs1/check-digit.ts';
import { bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { createOperator, insertPassport, passportRow } from '../helpers/operator-fixtures.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

let glnSequence = 0;
const freshGln = () => withCheckDigit(`40123450${String(glnSequence++).padStart(4, '0')}`);
const wrongCheckDigit = (gln: string) => `${gln.slice(0, -1)}${(Number(gln.at(-1)) + 1) % 10}`;

describe('facilities', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let operator: { id: string };
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    operator = await createOperator(app, workspace);
  });

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, payload?: Record<string, unknown>, token = workspace.token) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const body = (extra: Record<string, unknown> = {}) => ({
    gln: freshGln(),
    name: 'Cell plant',
    activity: 'manufacturing',
    country: 'DE',
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}, token = workspace.token) => {
    const response = await call('POST', '/api/v1/facilities', body(extra), token);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().facility as { id: string; gln: string } & Record<string, unknown>;
  };
  const expectBadRequest = (response: Awaited<ReturnType<typeof call>>, message?: RegExp) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'Bad Request', code: 'BAD_REQUEST' });
    if (message) expect(response.json().message).toMatch(message);
  };

  it('registers a facility by GLN, with its address and operator', async () => {
    const gln = freshGln();
    const address = { street: 'Werkstraße 5', postalCode: '38440', city: 'Wolfsburg', country: 'DE' };
    const response = await call('POST', '/api/v1/facilities', {
      gln,
      name: 'Cell plant',
      activity: 'manufacturing',
      country: 'DE',
      address,
      operatorId: operator.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      facility: {
        id: expect.any(String),
        gln,
        name: 'Cell plant',
        activity: 'manufacturing',
        country: 'DE',
        address,
        operatorId: operator.id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const read = await call('GET', `/api/v1/facilities/${response.json().facility.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().facility.address).toEqual(address);
  });

  it('registers one without operator or address', async () => {
    const facility = await create({ activity: 'recycling' });
    expect(facility).toMatchObject({ operatorId: null, address: null, activity: 'recycling' });
  });

  it('refuses a GLN with a wrong check digit or shape (400)', async () => {
    const gln = freshGln();
    expectBadRequest(
      await call('POST', '/api/v1/facilities', body({ gln: wrongCheckDigit(gln) })),
      // Which digit is wrong, and what it should be.
      new RegExp(
        `the last digit \\(the 13th\\) is ${wrongCheckDigit(gln).at(-1)}, but .* call for ${gln.at(-1)}`,
      ),
    );
    expectBadRequest(await call('POST', '/api/v1/facilities', body({ gln: gln.slice(1) })), /13 digits/);
    expectBadRequest(await call('POST', '/api/v1/facilities', body({ gln: `${gln}0` })), /13 digits/);
    expectBadRequest(await call('POST', '/api/v1/facilities', body({ gln: 'ABCDEFGHIJKLM' })), /13 digits/);
  });

  it('refuses bad fields (400)', async () => {
    expectBadRequest(await call('POST', '/api/v1/facilities', body({ country: 'XX' })), /country/);
    expectBadRequest(await call('POST', '/api/v1/facilities', body({ activity: '' })));
    expectBadRequest(await call('POST', '/api/v1/facilities', body({ activity: '   ' })), /activity/);
    expectBadRequest(await call('POST', '/api/v1/facilities', body({ activity: 'x'.repeat(201) })));
    expectBadRequest(
      await call('POST', '/api/v1/facilities', body({ address: { country: 'QQ' } })),
      /address/,
    );
    expectBadRequest(await call('POST', '/api/v1/facilities', body({ colour: 'red' })));
    expectBadRequest(await call('POST', '/api/v1/facilities', { gln: freshGln(), name: 'x', country: 'DE' }));
  });

  it('refuses an operatorId that is not an operator of this workspace (400)', async () => {
    const foreign = await createOperator(app, await createWorkspace(app));
    for (const operatorId of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      expectBadRequest(
        await call('POST', '/api/v1/facilities', body({ operatorId })),
        /operatorId does not name an operator of this workspace/,
      );
    }
  });

  it('refuses the same GLN twice in a workspace (409), but not in another one', async () => {
    const facility = await create();
    const again = await call('POST', '/api/v1/facilities', body({ gln: facility.gln }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, error: 'Conflict', code: 'CONFLICT' });
    const other = await createWorkspace(app);
    expect(
      (await call('POST', '/api/v1/facilities', body({ gln: facility.gln }), other.token)).statusCode,
    ).toBe(201);
  });

  it('lists the workspace facilities, optionally of one operator', async () => {
    const ws = await createWorkspace(app);
    const mine = await createOperator(app, ws);
    const a = await create({ operatorId: mine.id }, ws.token);
    const b = await create({}, ws.token);
    const all = (await call('GET', '/api/v1/facilities', undefined, ws.token)).json();
    expect(all).toMatchObject({ success: true, count: 2 });
    expect(all.facilities.map((f: { id: string }) => f.id)).toEqual([a.id, b.id]);
    const filtered = (
      await call('GET', `/api/v1/facilities?operatorId=${mine.id}`, undefined, ws.token)
    ).json();
    expect(filtered.facilities.map((f: { id: string }) => f.id)).toEqual([a.id]);
    expect((await call('GET', '/api/v1/facilities?operatorId=nope', undefined, ws.token)).statusCode).toBe(
      400,
    );
  });

  it('replaces a facility: omitted address and operator are cleared, the same GLN may be repeated', async () => {
    const facility = await create({ operatorId: operator.id, address: { city: 'Ulm' } });
    const replaced = await call('PUT', `/api/v1/facilities/${facility.id}`, {
      gln: facility.gln,
      name: 'Assembly hall',
      activity: 'assembly',
      country: 'AT',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().facility).toMatchObject({
      id: facility.id,
      gln: facility.gln,
      name: 'Assembly hall',
      activity: 'assembly',
      country: 'AT',
      address: null,
      operatorId: null,
    });
    const withoutGln = await call('PUT', `/api/v1/facilities/${facility.id}`, {
      name: 'Assembly hall',
      activity: 'repair',
      country: 'AT',
      operatorId: operator.id,
      address: { city: 'Linz' },
    });
    expect(withoutGln.json().facility).toMatchObject({
      activity: 'repair',
      operatorId: operator.id,
      address: { city: 'Linz' },
    });
  });

  it('refuses a GLN change and bad replacements (400); an unknown id is 404', async () => {
    const facility = await create();
    const put = (payload: Record<string, unknown>, id = facility.id) =>
      call('PUT', `/api/v1/facilities/${id}`, payload);
    const full = { name: 'n', activity: 'warehousing', country: 'DE' };
    expectBadRequest(await put({ ...full, gln: freshGln() }), /GLN is immutable/);
    expectBadRequest(await put({ name: 'n', country: 'DE' }));
    expectBadRequest(
      await put({ ...full, operatorId: '00000000-0000-4000-8000-000000000000' }),
      /operatorId/,
    );
    expect((await put(full, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('deletes a facility (204) and unlinks its passports, which are kept', async () => {
    const facility = await create({ operatorId: operator.id });
    const linked = await insertPassport(workspace.id, operator.id, { facilityId: facility.id });
    const elsewhere = await create();
    const other = await insertPassport(workspace.id, operator.id, { facilityId: elsewhere.id });
    const response = await call('DELETE', `/api/v1/facilities/${facility.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await passportRow(workspace.id, linked)).facilityId).toBeNull();
    expect((await passportRow(workspace.id, other)).facilityId).toBe(elsewhere.id);
    expect((await call('GET', `/api/v1/facilities/${facility.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/facilities/${facility.id}`)).statusCode).toBe(404);
  });

  describe('operator-scoped keys', () => {
    let ws: TestWorkspace;
    let own: { id: string };
    let other: { id: string };
    let scoped: string;
    let ownFacility: { id: string; gln: string };
    let otherFacility: { id: string; gln: string };
    let loose: { id: string; gln: string };
    beforeAll(async () => {
      ws = await createWorkspace(app);
      own = await createOperator(app, ws);
      other = await createOperator(app, ws);
      scoped = (await createKey(app, ws, { operatorId: own.id })).token;
      ownFacility = await create({ operatorId: own.id }, ws.token);
      otherFacility = await create({ operatorId: other.id }, ws.token);
      loose = await create({}, ws.token);
    });

    it("see only their operator's facilities", async () => {
      const listed = (await call('GET', '/api/v1/facilities', undefined, scoped)).json();
      expect(listed.facilities.map((f: { id: string }) => f.id)).toEqual([ownFacility.id]);
      expect((await call('GET', `/api/v1/facilities/${ownFacility.id}`, undefined, scoped)).statusCode).toBe(
        200,
      );
      for (const facility of [otherFacility, loose]) {
        const response = await call('GET', `/api/v1/facilities/${facility.id}`, undefined, scoped);
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('OPERATOR_SCOPE');
      }
      const filtered = await call('GET', `/api/v1/facilities?operatorId=${other.id}`, undefined, scoped);
      expect(filtered.statusCode).toBe(403);
    });

    it('register facilities for their own operator only, by default', async () => {
      const created = await create({}, scoped);
      expect(created.operatorId).toBe(own.id);
      expect((await create({ operatorId: null }, scoped)).operatorId).toBe(own.id);
      const refused = await call('POST', '/api/v1/facilities', body({ operatorId: other.id }), scoped);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('OPERATOR_SCOPE');
    });

    it("cannot replace or delete another operator's facility", async () => {
      const full = { name: 'n', activity: 'repair', country: 'DE' };
      const put = await call('PUT', `/api/v1/facilities/${otherFacility.id}`, full, scoped);
      expect(put.statusCode).toBe(403);
      const moved = await call(
        'PUT',
        `/api/v1/facilities/${ownFacility.id}`,
        { ...full, operatorId: other.id },
        scoped,
      );
      expect(moved.statusCode).toBe(403);
      const del = await call('DELETE', `/api/v1/facilities/${loose.id}`, undefined, scoped);
      expect(del.statusCode).toBe(403);
      expect(del.json().code).toBe('OPERATOR_SCOPE');
      const ok = await call('PUT', `/api/v1/facilities/${ownFacility.id}`, full, scoped);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().facility.operatorId).toBe(own.id);
      expect(
        (await call('DELETE', `/api/v1/facilities/${ownFacility.id}`, undefined, scoped)).statusCode,
      ).toBe(204);
    });

    it("get 404 for another workspace's facility", async () => {
      const foreignWs = await createWorkspace(app);
      const foreign = await create({}, foreignWs.token);
      expect((await call('GET', `/api/v1/facilities/${foreign.id}`, undefined, scoped)).statusCode).toBe(404);
    });
  });
});
