// docs/errors.md lists 406 and 415 as additions to the contract's Errors table (which names 400,
// 401, 402, 403, 404, 405, 409, 429 and 500), and states the bulk rule beside the contract's
// sentence "Bulk endpoints report row-level problems as `errors: string[]`". These hold as written.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { batteryMetadata, createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const errorsPage = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

describe('statuses beyond the contract table, as docs/errors.md lists them', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
  });

  it('documents 406 NOT_ACCEPTABLE and 415 as additions, and the bulk rule beside them', () => {
    const section = errorsPage.slice(errorsPage.indexOf("## Statuses beyond the contract's table"));
    expect(section).toMatch(/\| 406 \| `NOT_ACCEPTABLE` \|/);
    expect(section).toMatch(/\| 415 \| `UNSUPPORTED_MEDIA_TYPE` \|/);
    expect(section).toContain('Bulk endpoints report row-level problems as\n`errors: string[]`');
    expect(section).toContain('**201 when any row was\nwritten**');
    expect(section).toContain('**200 when none was**');
  });

  it('answers 406 NOT_ACCEPTABLE, listing what is offered, for an Accept the route cannot serve', async () => {
    const passport = await createPassport(app, workspace.token);
    const response = await app.inject({
      method: 'GET',
      url: `/passport/${passport.id}`,
      headers: { host: new URL(BASE_URL).host, accept: 'image/gif' },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(406);
    expect(response.json()).toMatchObject({
      success: false,
      error: 'Not Acceptable',
      code: 'NOT_ACCEPTABLE',
      offered: expect.arrayContaining(['application/ld+json']),
    });
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a body type the route cannot read, writing nothing', async () => {
    const productId = newGtin13();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/passports',
      headers: { ...bearer(workspace.token), 'content-type': 'application/xml' },
      payload: JSON.stringify({ productId, category: 'batteries', metadata: batteryMetadata() }),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      success: false,
      error: 'Unsupported Media Type',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${productId}`,
      headers: bearer(workspace.token),
    });
    expect(read.statusCode).toBe(404);
  });

  // docs/traceability.md and docs/en18222.md promise 415 for a body that is not JSON; text/plain is
  // what a client sends when it forgets the header, so it must not reach the route's body rules.
  it.each([
    ['/api/v1/passports', 'success'],
    ['/api/v1/events', 'success'],
    ['/api/v1/events/epcis', 'success'],
    ['/v1/dpps', 'result'],
  ])('answers 415 to a text/plain body on %s, naming the JSON types it reads', async (url, shape) => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(workspace.token), 'content-type': 'text/plain' },
      payload: JSON.stringify({ productId: newGtin13(), category: 'batteries', metadata: batteryMetadata() }),
    });
    expect(response.statusCode).toBe(415);
    const message = shape === 'success' ? response.json().message : response.json().messages[0].text;
    expect(message).toContain('application/json');
    expect(message).toContain('+json');
  });

  describe('the bulk rule: 201 when any row was written, 200 when none, success only when every row was', () => {
    const bulk = (passports: unknown[]) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/passports/bulk',
        headers: bearer(workspace.token),
        payload: { passports },
      });
    const row = (productId = newGtin13()) => ({
      productId,
      category: 'batteries',
      metadata: batteryMetadata(),
    });

    it('every row written: 201, success true, no errors', async () => {
      const response = await bulk([row(), row()]);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ success: true, count: 2 });
      expect(response.json().errors).toBeUndefined();
    });

    it('some rows written (updates count as written): 201, success false, the others in errors', async () => {
      const existing = row();
      expect((await bulk([existing])).statusCode).toBe(201);
      const response = await bulk([{ ...existing, changeReason: 'again' }, { productId: 'x' }]);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ success: false, count: 1, errors: [expect.any(String)] });
    });

    it('only updates written: still 201', async () => {
      const existing = row();
      await bulk([existing]);
      const response = await bulk([{ ...existing, changeReason: 'only an update' }]);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ success: true, count: 1 });
    });

    it('no row written: 200, success false, every row in errors', async () => {
      const response = await bulk([{ productId: 'x' }, { productId: 'y' }]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: false, count: 0, passports: [] });
      expect(response.json().errors).toHaveLength(2);
    });
  });
});
