// API refusals that say the fix (docs/errors.md, "Messages that say the fix"): a refused choice
// lists its allowed values, a body without Content-Type names application/json, an unknown category
// lists the known ones, and a permission refusal names the permission, the route and a look-alike.
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { batteryMetadata, createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('refusals that say the fix', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
  });

  const json = { 'content-type': 'application/json' };

  it('lists the allowed values of a refused choice, in the documented 400 body', async () => {
    const passport = await createPassport(app, workspace.token);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${passport.id}/status`,
      headers: { ...bearer(workspace.token), ...json },
      payload: JSON.stringify({ status: 'PUBLISHED' }),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'BAD_REQUEST', error: 'Bad Request' });
    expect(body.message).toContain('body/status must be one of:');
    for (const status of ['DRAFT', 'ACTIVE', 'RECALLED', 'DECOMMISSIONED'])
      expect(body.message).toContain(status);
    expect(body.message).not.toContain('allowed values');
  });

  it('names application/json for a body sent without a Content-Type, writing nothing', async () => {
    const productId = newGtin13();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/passports',
      headers: bearer(workspace.token),
      payload: Buffer.from(JSON.stringify({ productId, category: 'batteries', metadata: batteryMetadata() })),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(response.json().message).toContain('application/json');
    const found = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${productId}`,
      headers: bearer(workspace.token),
    });
    expect(found.statusCode).toBe(404);
  });

  it('lists the known categories for an unknown one, on create and on the schema route', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/passports',
      headers: { ...bearer(workspace.token), ...json },
      payload: JSON.stringify({ productId: newGtin13(), category: 'furniture', metadata: {} }),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().code).toBe('VALIDATION_FAILED');
    const item = created.json().errors.find((error: { code: string }) => error.code === 'UNKNOWN_CATEGORY');
    for (const category of ['textiles', 'batteries', 'electronics', 'chemicals', 'construction'])
      expect(item.message).toContain(category);
    const schema = await app.inject({ method: 'GET', url: '/api/v1/schemas/furniture' });
    expect(schema.statusCode).toBe(404);
    expect(schema.json().message).toContain('textiles, batteries, electronics, chemicals, construction');
  });

  it('names the permission and route a refusal needs, and why event:write is not battery:write', async () => {
    const passport = await createPassport(app, workspace.token);
    const events = await createKey(app, workspace, {
      name: 'epcis capture',
      role: 'BRAND_OPERATOR',
      permissions: ['event:write', 'passport:read'],
    });
    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/units/00000000-0000-4000-8000-000000000000/events`,
      headers: { ...bearer(events.token), ...json },
      payload: JSON.stringify({ eventType: 'TELEMETRY', data: {} }),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_PERMISSION' });
    expect(refused.json().message).toBe(
      'This API key lacks the battery:write permission that POST /api/v1/units/{id}/events needs; ' +
        'event:write covers EPCIS traceability events (POST /api/v1/events) only, not battery unit telemetry',
    );
    // Without the look-alike, the refusal names the permission and the route only.
    const reader = await createKey(app, workspace, { name: 'reader', role: 'AUDITOR' });
    const plain = await app.inject({
      method: 'DELETE',
      url: `/api/v1/passports/${passport.id}`,
      headers: bearer(reader.token),
    });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().message).toBe(
      'This API key lacks the passport:delete permission that DELETE /api/v1/passports/{id} needs',
    );
  });
});
