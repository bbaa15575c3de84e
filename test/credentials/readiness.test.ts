import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('GET /api/v1/passports/vc-readiness', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let operator: { id: string };
  let other: { id: string };
  let active: { id: string };
  let draft: { id: string };
  let foreign: { id: string };
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    operator = await createOperator(app, workspace);
    other = await createOperator(app, workspace);
    active = await createPassport(app, workspace.token, { operatorId: operator.id });
    draft = await createPassport(app, workspace.token, { operatorId: operator.id, status: 'DRAFT' });
    foreign = await createPassport(app, workspace.token, { operatorId: other.id });
  });

  const report = (token: string, query = '') =>
    app.inject({ method: 'GET', url: `/api/v1/passports/vc-readiness${query}`, headers: bearer(token) });

  it('is its own route, not a passport id: each passport with its forms and gaps, and catalog totals', async () => {
    const response = await report(workspace.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, page: 1, total: 3, count: 3, totalPages: 1 });
    const byId = new Map(body.passports.map((item: { passportId: string }) => [item.passportId, item]));
    expect(byId.get(active.id)).toMatchObject({
      forms: { 'vc+jwt': true, 'vc+ld+json': true, 'dc+sd-jwt': true },
      complete: false,
    });
    const activeGaps = (byId.get(active.id) as { missing: { code: string }[] }).missing.map(
      (gap) => gap.code,
    );
    expect(activeGaps).toContain('NOT_SEALED');
    expect(activeGaps).not.toContain('NO_SIGNING_KEY');
    expect(byId.get(draft.id)).toMatchObject({
      forms: { 'vc+jwt': false, 'vc+ld+json': false, 'dc+sd-jwt': false },
      missing: expect.arrayContaining([expect.objectContaining({ code: 'NOT_PUBLISHED', blocking: true })]),
    });
    expect(body.totals).toMatchObject({
      passports: 3,
      ready: { 'vc+jwt': 2, 'vc+ld+json': 2, 'dc+sd-jwt': 2 },
      gaps: { NOT_PUBLISHED: 1, NOT_SEALED: 3 },
    });
  });

  it('pages the items like the passport list while the totals cover the whole catalog', async () => {
    const first = (await report(workspace.token, '?limit=2')).json();
    const second = (await report(workspace.token, '?limit=2&page=2')).json();
    expect(first).toMatchObject({ count: 2, limit: 2, total: 3, totalPages: 2 });
    expect(second).toMatchObject({ count: 1, page: 2 });
    expect(first.totals.passports).toBe(3);
    expect(second.totals).toEqual(first.totals);
    const ids = [...first.passports, ...second.passports].map(
      (item: { passportId: string }) => item.passportId,
    );
    expect(new Set(ids)).toEqual(new Set([active.id, draft.id, foreign.id]));
  });

  it("shows an operator-scoped key only its own operator's passports", async () => {
    const { token } = await createKey(app, workspace, { operatorId: other.id });
    const body = (await report(token)).json();
    expect(body.total).toBe(1);
    expect(body.passports.map((item: { passportId: string }) => item.passportId)).toEqual([foreign.id]);
    expect(body.totals.passports).toBe(1);
  });

  authContract({
    method: 'GET',
    path: '/api/v1/passports/vc-readiness',
    url: () => '/api/v1/passports/vc-readiness',
    permission: 'passport:read',
  });
});
