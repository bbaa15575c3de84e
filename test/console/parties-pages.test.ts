// The operator, facility and member-role forms without a browser: a refusal comes back with what
// was typed and the message by its field, edits go through the API, archive and restore, a forged
// form is refused, and another workspace's records are not found.
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { addMember, PASSWORD } from '../helpers/console.ts';
import { createFacility, createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const csrfIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('operator, facility and role forms', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let cookie: string;
  let csrf: string;
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'ada@example.com');
    const signed = await app.inject({
      method: 'POST',
      url: '/console/sign-in',
      headers: FORM,
      payload: form({ workspace: workspace.subdomain, email: 'ada@example.com', password: PASSWORD }),
    });
    cookie = String(signed.headers['set-cookie']).split(';')[0] as string;
    const page = await app.inject({ method: 'GET', url: '/console/operators', headers: { cookie } });
    csrf = csrfIn(page.body);
  });

  const post = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...FORM, cookie },
      payload: form({ _csrf: csrf, ...fields }),
    });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const api = async (url: string) =>
    (await app.inject({ method: 'GET', url, headers: bearer(workspace.token) })).json();

  it('registers an operator by form and edits it', async () => {
    const refused = await post('/console/operators', {
      name: 'Akku Werke GmbH',
      regIdScheme: 'DE-HRB',
      regId: 'HRB 12345 with spaces',
      role: 'MANUFACTURER',
      country: 'de',
      'address.city': 'Kassel',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('id="form-errors"');
    expect(refused.body).toContain('value="Akku Werke GmbH"');
    expect(refused.body).toContain('value="Kassel"');
    expect(refused.body).toMatch(/id="regId"[^>]*aria-invalid="true"/);
    expect(refused.body).toContain('id="regId-error"');

    const created = await post('/console/operators', {
      name: 'Akku Werke GmbH',
      regIdScheme: 'DE-HRB',
      regId: 'HRB12345',
      role: 'MANUFACTURER',
      country: 'de',
      'address.city': 'Kassel',
    });
    expect(created.statusCode, created.body).toBe(303);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/console\/operators\/[0-9a-f-]{36}\?done=created$/);
    const id = location.split('/')[3]?.split('?')[0] as string;
    const stored = (await api(`/api/v1/operators/${id}`)).operator;
    expect(stored).toMatchObject({ country: 'DE', address: { city: 'Kassel' }, role: 'MANUFACTURER' });

    const edit = await get(location);
    expect(edit.statusCode).toBe(200);
    expect(edit.body).toContain('role="status"');
    expect(edit.body).toContain('value="Kassel"');

    const badCountry = await post(`/console/operators/${id}`, {
      name: 'Akku Werke',
      role: 'IMPORTER',
      country: 'XX',
    });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.body).toContain('value="XX"');
    expect(badCountry.body).toContain('id="country-error"');

    const saved = await post(`/console/operators/${id}`, {
      name: 'Akku Werke',
      role: 'IMPORTER',
      country: '',
    });
    expect(saved.statusCode, saved.body).toBe(303);
    expect((await api(`/api/v1/operators/${id}`)).operator).toMatchObject({
      name: 'Akku Werke',
      role: 'IMPORTER',
      country: null,
      address: null,
      regId: 'HRB12345',
    });
  });

  it('archives an operator with passports and restores it; deletes one without', async () => {
    const operator = await createOperator(app, workspace);
    await createPassport(app, workspace.token, { operatorId: operator.id });
    const archived = await post(`/console/operators/${operator.id}/archive`, {});
    expect(archived.headers.location).toBe(`/console/operators/${operator.id}?done=archived`);
    expect((await api(`/api/v1/operators/${operator.id}`)).operator.archivedAt).not.toBeNull();
    const page = await get(`/console/operators/${operator.id}`);
    expect(page.body).toContain(`/console/operators/${operator.id}/restore`);
    const restored = await post(`/console/operators/${operator.id}/restore`, {});
    expect(restored.headers.location).toBe(`/console/operators/${operator.id}?done=restored`);
    expect((await api(`/api/v1/operators/${operator.id}`)).operator.archivedAt).toBeNull();

    const empty = await createOperator(app, workspace);
    const deleted = await post(`/console/operators/${empty.id}/archive`, {});
    expect(deleted.headers.location).toBe('/console/operators?done=deleted');
    expect((await get(`/console/operators/${empty.id}`)).statusCode).toBe(404);
  });

  it('registers a facility by form, refuses a bad GLN by its field, and replaces it', async () => {
    const operator = await createOperator(app, workspace);
    const typed = { gln: '4012345000008', name: 'Cell plant', activity: 'manufacturing', country: 'DE' };
    const refused = await post('/console/facilities', typed);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/id="gln"[^>]*aria-invalid="true"/);
    expect(refused.body).toContain('value="Cell plant"');
    expect(refused.body).toContain('check digit');

    const created = await post('/console/facilities', {
      ...typed,
      gln: '4012345000009',
      operatorId: operator.id,
    });
    expect(created.statusCode, created.body).toBe(303);
    const id = String(created.headers.location).split('/')[3]?.split('?')[0] as string;
    expect((await api(`/api/v1/facilities/${id}`)).facility).toMatchObject({ operatorId: operator.id });

    const blank = await post(`/console/facilities/${id}`, { ...typed, activity: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('id="activity-error"');
    const saved = await post(`/console/facilities/${id}`, {
      name: 'Cell plant 2',
      activity: 'assembly',
      country: 'AT',
      'address.street': 'Werkstraße 1',
      operatorId: '',
    });
    expect(saved.statusCode, saved.body).toBe(303);
    expect((await api(`/api/v1/facilities/${id}`)).facility).toMatchObject({
      gln: '4012345000009',
      name: 'Cell plant 2',
      country: 'AT',
      operatorId: null,
      address: { street: 'Werkstraße 1' },
    });
  });

  it('changes a role by form and refuses a forged one', async () => {
    const bob = await addMember(app, workspace, 'bob@example.com', 'AUDITOR');
    const page = await get(`/console/members/${bob.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<option value="AUDITOR" selected>');
    const forged = await app.inject({
      method: 'POST',
      url: `/console/members/${bob.id}`,
      headers: { ...FORM, cookie },
      payload: form({ role: 'ADMIN' }),
    });
    expect(forged.statusCode).toBe(403);
    const changed = await post(`/console/members/${bob.id}`, { role: 'RECYCLER' });
    expect(changed.statusCode, changed.body).toBe(303);
    expect(changed.headers.location).toBe('/console/members?done=roleChanged');
    const after = await get(String(changed.headers.location));
    expect(after.body).toContain('role="status"');
    const bobNow = (await app.inject({ method: 'GET', url: '/console/api/members', headers: { cookie } }))
      .json()
      .members.find((m: { id: string }) => m.id === bob.id);
    expect(bobNow).toMatchObject({ role: 'RECYCLER', manageMembers: false });
  });

  it('finds nothing of another workspace', async () => {
    const other = await createWorkspace(app, 'enterprise');
    const operator = await createOperator(app, other);
    const facility = await createFacility(app, other);
    expect((await get(`/console/operators/${operator.id}`)).statusCode).toBe(404);
    expect((await get(`/console/facilities/${facility.id}`)).statusCode).toBe(404);
    expect(
      (await post(`/console/operators/${operator.id}`, { name: 'mine now', role: 'IMPORTER' })).statusCode,
    ).toBe(404);
    expect((await get('/console/operators/not-a-uuid')).statusCode).toBe(404);
    const stranger = await addMember(app, other, 'stranger@example.com');
    expect((await get(`/console/members/${stranger.id}`)).statusCode).toBe(404);
    expect((await post(`/console/members/${stranger.id}`, { role: 'AUDITOR' })).statusCode).toBe(404);
  });
});
