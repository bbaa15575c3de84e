// Registering, listing, reading and updating economic operators.
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { createOperator, insertPassport, uniqueRegId } from '../helpers/operator-fixtures.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('economic operators', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
  });

  const post = (payload: Record<string, unknown>, token = workspace.token) =>
    app.inject({ method: 'POST', url: '/api/v1/operators', headers: bearer(token), payload });
  const patch = (id: string, payload: Record<string, unknown>, token = workspace.token) =>
    app.inject({ method: 'PATCH', url: `/api/v1/operators/${id}`, headers: bearer(token), payload });
  const get = (url: string, token = workspace.token) =>
    app.inject({ method: 'GET', url, headers: bearer(token) });
  const expectBadRequest = (response: Awaited<ReturnType<typeof post>>, message?: RegExp) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'Bad Request', code: 'BAD_REQUEST' });
    if (message) expect(response.json().message).toMatch(message);
  };

  it('registers an EORI operator (upper-cased) and answers the record', async () => {
    const response = await post({
      name: 'Voltaic Cells SE',
      regId: 'de987654321',
      regIdScheme: 'EORI',
      role: 'MANUFACTURER',
      country: 'DE',
      address: { street: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      operator: {
        id: expect.any(String),
        name: 'Voltaic Cells SE',
        regId: 'DE987654321',
        regIdScheme: 'EORI',
        role: 'MANUFACTURER',
        country: 'DE',
        address: { street: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
        economicOperatorId: 'EORI:DE987654321',
        registryStatus: 'unchecked',
        archivedAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
  });

  it('registers a national registry id as given, without an EORI look-up', async () => {
    const response = await post({
      name: 'Textiles SA',
      regId: '732829320',
      regIdScheme: 'FR-SIREN',
      role: 'IMPORTER',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().operator).toMatchObject({
      regId: '732829320',
      economicOperatorId: 'FR-SIREN:732829320',
      country: null,
      address: null,
      registryStatus: 'unchecked',
    });
  });

  it('refuses a malformed EORI, a bad role, scheme, country or unknown fields (400)', async () => {
    const base = { name: 'X', regIdScheme: 'EORI', role: 'MANUFACTURER' };
    expectBadRequest(await post({ ...base, regId: '12345' }), /EORI/);
    expectBadRequest(await post({ ...base, regId: 'DE1234567890123456' }), /EORI/);
    expectBadRequest(await post({ ...base, regId: 'DE 123' }), /EORI/);
    expectBadRequest(await post({ ...base, regId: 'DE123', role: 'manufacturer' }));
    expectBadRequest(await post({ ...base, regId: 'DE123', role: 'BRAND' }));
    expectBadRequest(await post({ ...base, regId: 'DE123', regIdScheme: 'eori' }));
    expectBadRequest(await post({ ...base, regId: 'DE123', regIdScheme: 'D' }));
    expectBadRequest(await post({ ...base, regId: 'DE123', country: 'XX' }), /country/);
    expectBadRequest(await post({ ...base, regId: 'DE123', country: 'de' }));
    expectBadRequest(await post({ ...base, regId: 'DE123', address: { country: 'QQ' } }), /address\.country/);
    expectBadRequest(await post({ ...base, regId: 'DE123', address: { planet: 'Mars' } }));
    expectBadRequest(await post({ ...base, regId: 'DE123', colour: 'blue' }));
    expectBadRequest(await post({ ...base, regIdScheme: 'DE-HRB', regId: 'HRB 12345' }), /spaces/);
    expectBadRequest(await post({ regId: 'DE123', regIdScheme: 'EORI', role: 'DEALER' }));
  });

  it("refuses an EORI of another member state than the operator's country, naming both", async () => {
    const base = { name: 'Georgia by mistake', regIdScheme: 'EORI', role: 'MANUFACTURER' };
    const wrong = await post({ ...base, regId: `DE${uniqueRegId()}`, country: 'GE' });
    // Georgia is not an EU member state: an operator established there may hold a German EORI.
    expect(wrong.statusCode, wrong.body).toBe(201);
    const mismatch = await post({ ...base, regId: 'DE555000111', country: 'FR' });
    expectBadRequest(mismatch, /DE555000111 is an EORI issued by DE, but country is FR/);
    // Northern Ireland's XI EORIs are the United Kingdom's; Greece's begin GR.
    expect((await post({ ...base, regId: `XI${uniqueRegId()}`, country: 'GB' })).statusCode).toBe(201);
    expect((await post({ ...base, regId: `GR${uniqueRegId()}`, country: 'GR' })).statusCode).toBe(201);
    // A manufacturer established outside the EU declares goods in a member state and holds its EORI.
    expect((await post({ ...base, regId: `NL${uniqueRegId()}`, country: 'CN' })).statusCode).toBe(201);
    // A national registry id is not judged against the country.
    expect(
      (await post({ ...base, regIdScheme: 'DE-HRB', regId: 'HRB12345', country: 'FR' })).statusCode,
    ).toBe(201);
    // Moving a German EORI's operator to France afterwards is refused the same way.
    const german = await post({ ...base, regId: `DE${uniqueRegId()}`, country: 'DE' });
    expect(german.statusCode).toBe(201);
    expectBadRequest(
      await patch(german.json().operator.id, { country: 'FR' }),
      /issued by DE, but country is FR/,
    );
    expect((await patch(german.json().operator.id, { country: null })).statusCode).toBe(200);
  });

  it('accepts every role', async () => {
    for (const role of [
      'MANUFACTURER',
      'IMPORTER',
      'DISTRIBUTOR',
      'AUTHORISED_REPRESENTATIVE',
      'FULFILMENT_SERVICE_PROVIDER',
      'DEALER',
    ]) {
      const response = await post({ name: role, regId: uniqueRegId(), regIdScheme: 'DE-HRB', role });
      expect(response.statusCode, role).toBe(201);
    }
  });

  it('refuses the same registration twice in a workspace (409), but not in another one', async () => {
    const payload = { name: 'Twice', regId: 'AT1234567', regIdScheme: 'EORI', role: 'DISTRIBUTOR' };
    expect((await post(payload)).statusCode).toBe(201);
    const again = await post({ ...payload, regId: 'at1234567', name: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, error: 'Conflict', code: 'CONFLICT' });
    expect((await post({ ...payload, regIdScheme: 'AT-FB' })).statusCode).toBe(201);
    const other = await createWorkspace(app);
    expect((await post(payload, other.token)).statusCode).toBe(201);
  });

  it('lists live operators with their passport counts; archived ones on request', async () => {
    const ws = await createWorkspace(app);
    const first = await createOperator(app, ws, { name: 'First' });
    const second = await createOperator(app, ws, { name: 'Second' });
    await insertPassport(ws.id, first.id);
    await insertPassport(ws.id, first.id);
    const listed = (await get('/api/v1/operators', ws.token)).json();
    expect(listed).toMatchObject({ success: true, count: 2 });
    expect(
      listed.operators.map((o: { name: string; passportCount: number }) => [o.name, o.passportCount]),
    ).toEqual([
      ['First', 2],
      ['Second', 0],
    ]);
    const archived = await app.inject({
      method: 'DELETE',
      url: `/api/v1/operators/${first.id}`,
      headers: bearer(ws.token),
    });
    expect(archived.statusCode).toBe(200);
    expect(
      (await get('/api/v1/operators', ws.token)).json().operators.map((o: { id: string }) => o.id),
    ).toEqual([second.id]);
    const all = (await get('/api/v1/operators?includeArchived=true', ws.token)).json();
    expect(all.operators.map((o: { id: string }) => o.id)).toEqual([first.id, second.id]);
    expect(all.operators[0].archivedAt).toEqual(expect.any(String));
    expect((await get('/api/v1/operators?includeArchived=maybe', ws.token)).statusCode).toBe(400);
  });

  it('fetches one operator; an unknown or malformed id is 404', async () => {
    const operator = await createOperator(app, workspace, { name: 'Fetched' });
    const response = await get(`/api/v1/operators/${operator.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().operator).toMatchObject({ id: operator.id, name: 'Fetched', passportCount: 0 });
    expect((await get('/api/v1/operators/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/v1/operators/not-a-uuid')).statusCode).toBe(404);
  });

  it('updates name, role, country and address; null clears country and address', async () => {
    const operator = await createOperator(app, workspace, { country: 'DE', address: { city: 'Köln' } });
    const response = await patch(operator.id, {
      name: 'Renamed',
      role: 'IMPORTER',
      address: { city: 'Bonn' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().operator).toMatchObject({
      name: 'Renamed',
      role: 'IMPORTER',
      country: 'DE',
      address: { city: 'Bonn' },
      regId: operator.regId,
    });
    expect(response.json().operator.updatedAt >= (operator.updatedAt as string)).toBe(true);
    const cleared = await patch(operator.id, { country: null, address: null });
    expect(cleared.json().operator).toMatchObject({ country: null, address: null, name: 'Renamed' });
  });

  it('refuses to change regId or regIdScheme, and empty or bad updates (400)', async () => {
    const operator = await createOperator(app, workspace);
    expectBadRequest(await patch(operator.id, { regId: 'OTHER1' }), /regId is immutable/);
    expectBadRequest(await patch(operator.id, { regIdScheme: 'EORI' }), /regId is immutable/);
    expectBadRequest(await patch(operator.id, { name: 'x', regId: operator.regId }), /regId is immutable/);
    expectBadRequest(await patch(operator.id, {}));
    expectBadRequest(await patch(operator.id, { role: 'KING' }));
    expectBadRequest(await patch(operator.id, { country: 'ZZ' }), /country/);
    expect((await patch('00000000-0000-4000-8000-000000000000', { name: 'x' })).statusCode).toBe(404);
  });

  describe('operator-scoped keys', () => {
    let ws: TestWorkspace;
    let own: { id: string };
    let other: { id: string };
    let scoped: string;
    beforeAll(async () => {
      ws = await createWorkspace(app);
      own = await createOperator(app, ws, { name: 'Own' });
      other = await createOperator(app, ws, { name: 'Other' });
      scoped = (await createKey(app, ws, { role: 'BRAND_OPERATOR', operatorId: own.id })).token;
    });

    it('see only their own operator', async () => {
      const listed = (await get('/api/v1/operators?includeArchived=true', scoped)).json();
      expect(listed.operators.map((o: { id: string }) => o.id)).toEqual([own.id]);
      expect((await get(`/api/v1/operators/${own.id}`, scoped)).statusCode).toBe(200);
      const refused = await get(`/api/v1/operators/${other.id}`, scoped);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, error: 'Forbidden', code: 'OPERATOR_SCOPE' });
    });

    it('cannot register operators', async () => {
      const response = await post(
        { name: 'New', regId: uniqueRegId(), regIdScheme: 'DE-HRB', role: 'DEALER' },
        scoped,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('OPERATOR_SCOPE');
    });

    it('update only their own operator', async () => {
      expect((await patch(own.id, { name: 'Own, renamed' }, scoped)).statusCode).toBe(200);
      const refused = await patch(other.id, { name: 'Hijacked' }, scoped);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('OPERATOR_SCOPE');
      expect((await get(`/api/v1/operators/${other.id}`, ws.token)).json().operator.name).toBe('Other');
    });

    it('cannot delete or restore operators, not even their own', async () => {
      for (const id of [own.id, other.id]) {
        for (const [method, url] of [
          ['DELETE', `/api/v1/operators/${id}`],
          ['POST', `/api/v1/operators/${id}/restore`],
        ] as const) {
          const response = await app.inject({ method, url, headers: bearer(scoped) });
          expect(response.statusCode, `${method} ${url}`).toBe(403);
          expect(response.json().code).toBe('OPERATOR_SCOPE');
        }
      }
      expect((await get(`/api/v1/operators/${own.id}`, ws.token)).statusCode).toBe(200);
    });

    it("still get 404, not 403, for another workspace's operator", async () => {
      const foreign = await createOperator(app, await createWorkspace(app));
      expect((await get(`/api/v1/operators/${foreign.id}`, scoped)).statusCode).toBe(404);
      expect((await patch(foreign.id, { name: 'x' }, scoped)).statusCode).toBe(404);
    });
  });
});
