// Partial drafts (docs/passports.md, "Partial drafts"): `?partial=true` lets a DRAFT lack required
// metadata fields, every other check still refuses, and publishing holds the draft to every rule.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { batteryMetadata, createOperator, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('partial drafts', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
  });

  const call = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    apiCall(app, workspace.token, method, url, payload);
  const half = () => {
    const metadata = batteryMetadata();
    delete metadata.performance;
    delete (metadata.generalInformation as Record<string, unknown>).batteryMass;
    return metadata;
  };
  const codes = (body: { errors?: { code: string; path?: string }[] }) =>
    (body.errors ?? []).map((item) => `${item.code} ${item.path}`);

  it('refuses missing required fields without the opt-in, as it always has', async () => {
    const body = { productId: newGtin13(), category: 'batteries', status: 'DRAFT', metadata: half() };
    const answer = await call('POST', '/api/v1/passports', body);
    expect(answer.statusCode).toBe(400);
    expect(codes(answer.json())).toContain('REQUIRED_FIELD_MISSING /metadata/performance');
  });

  it('keeps a draft lacking more required fields than a report lists of one code', async () => {
    // 150 empty test reports each lack every required field of a report: past the first 100 the
    // missing fields are only counted, and counted ones are left out of a partial draft too.
    const metadata = { ...half(), testReports: Array.from({ length: 150 }, () => ({})) };
    const body = { productId: newGtin13(), category: 'batteries', status: 'DRAFT', metadata };
    const created = await call('POST', '/api/v1/passports?partial=true', body);
    expect(created.statusCode).toBe(201);
  });

  it('keeps a half-done draft, refuses other mistakes in it, and checks it in full on publish', async () => {
    const productId = newGtin13();
    const body = { productId, category: 'batteries', status: 'DRAFT', metadata: half() };
    const wrong = { ...body, metadata: { ...half(), unknownThing: 1 } };
    const refused = await call('POST', '/api/v1/passports?partial=true', wrong);
    expect(refused.statusCode).toBe(400);
    expect(codes(refused.json())).toEqual(['UNKNOWN_FIELD /metadata/unknownThing']);

    const created = await call('POST', '/api/v1/passports?partial=true', body);
    expect(created.statusCode).toBe(201);
    const id = created.json().passport.id as string;
    expect(created.json().passport.status).toBe('DRAFT');

    const publish = await call('PUT', `/api/v1/passports/${id}/status`, { status: 'ACTIVE' });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().code).toBe('VALIDATION_FAILED');
    expect(codes(publish.json())).toContain('REQUIRED_FIELD_MISSING /metadata/performance');

    const strictSave = await call('PUT', `/api/v1/passports/${id}`, { metadata: half() });
    expect(strictSave.statusCode).toBe(400);
    const finished = await call('PUT', `/api/v1/passports/${id}?partial=true`, {
      metadata: batteryMetadata(),
    });
    expect(finished.statusCode).toBe(200);
    const published = await call('PUT', `/api/v1/passports/${id}/status`, { status: 'ACTIVE' });
    expect(published.statusCode).toBe(200);
    expect(published.json().passport.status).toBe('ACTIVE');

    const notDraft = await call('PUT', `/api/v1/passports/${id}?partial=true`, { metadata: half() });
    expect(notDraft.statusCode).toBe(400);
    expect(notDraft.json().message).toContain('drafts only');
  });

  it('refuses the opt-in on an ACTIVE create', async () => {
    const body = { productId: newGtin13(), category: 'batteries', metadata: half() };
    const answer = await call('POST', '/api/v1/passports?partial=true', body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain('drafts only');
  });

  it('refuses an unknown value of the opt-in', async () => {
    const body = { productId: newGtin13(), category: 'batteries', status: 'DRAFT', metadata: half() };
    const answer = await call('POST', '/api/v1/passports?partial=yes', body);
    expect(answer.statusCode).toBe(400);
  });
});
