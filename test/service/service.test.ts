import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('service endpoints', () => {
  const app = useTestApp(() => ({ env: { BUILD_COMMIT: 'abc1234', BUILD_TIME: '2026-11-21T10:00:00Z' } }));

  it('GET /health checks the store', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', checks: { store: 'ok' } });
  });

  it('GET /api/v1/version reports the contract version and build identity', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/version' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      contractVersion: '1.23.0',
      apiMajor: 1,
      build: { commit: 'abc1234', time: '2026-11-21T10:00:00Z' },
      node: process.version,
    });
  });

  it('serves OpenAPI 3.1 generated from the routes, at info.version 1.23.0', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.23.0');
    for (const path of [
      '/api/v1/whoami',
      '/api/v1/keys',
      '/api/v1/keys/{id}',
      '/admin/v1/workspaces',
      '/health',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    expect(document.paths['/api/v1/whoami'].get.security).toEqual([{ apiKey: [] }]);
    expect(
      document.paths['/api/v1/keys'].post.requestBody.content['application/json'].schema.required,
    ).toContain('name');
    expect(Object.keys(document.paths['/api/v1/keys'].post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '402', '403', '429']),
    );
  });

  it('serves a human docs page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toMatch(/swagger/i);
  });
});
