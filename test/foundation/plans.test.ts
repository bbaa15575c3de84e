import { describe, expect, it } from 'vitest';
import { admin, bearer, createWorkspace } from '../helpers/app.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('subscription gating', () => {
  const app = useTestApp();

  const setStatus = (id: string, subscriptionStatus: string) =>
    app.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${id}`,
      headers: admin,
      payload: { subscriptionStatus },
    });

  it.each(['past_due', 'canceled'])(
    'refuses writes with 402 while %s, and still serves reads',
    async (status) => {
      const workspace = await createWorkspace(app, 'growth');
      await setStatus(workspace.id, status);
      const write = await app.inject({
        method: 'POST',
        url: '/api/v1/keys',
        headers: bearer(workspace.token),
        payload: { name: 'x' },
      });
      expect(write.statusCode).toBe(402);
      expect(write.json()).toMatchObject({
        success: false,
        error: 'Payment Required',
        code: 'SUBSCRIPTION_INACTIVE',
      });
      const read = await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer(workspace.token) });
      expect(read.statusCode).toBe(200);
      await setStatus(workspace.id, 'active');
      const again = await app.inject({
        method: 'POST',
        url: '/api/v1/keys',
        headers: bearer(workspace.token),
        payload: { name: 'x' },
      });
      expect(again.statusCode).toBe(201);
    },
  );

  it('gives a plan without API access 402 everywhere but whoami', async () => {
    const workspace = await createWorkspace(app, 'starter');
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({
        method,
        url: '/api/v1/keys',
        headers: bearer(workspace.token),
        ...(method === 'POST' ? { payload: { name: 'x' } } : {}),
      });
      expect(response.statusCode).toBe(402);
      expect(response.json().code).toBe('PLAN_NO_API_ACCESS');
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(workspace.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('checks credentials before the plan: a bad key on a starter workspace is still 401', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer('nonsense') });
    expect(response.statusCode).toBe(401);
  });
});
