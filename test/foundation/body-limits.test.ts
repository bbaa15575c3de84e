// The body limits of docs/service.md: what a route reads before it answers 413.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_BODY_LIMIT, FORM_PAGE_BODY_LIMIT } from '../../src/http/body-limits.ts';
import { bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

/** A JSON object of exactly `bytes` bytes. */
const jsonOf = (bytes: number) => `{"pad":"${'x'.repeat(bytes - 10)}"}`;

describe('body limits per route', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
  });

  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      remoteAddress: randomIp(),
      payload,
    });

  it('anonymous routes read 64 KiB and refuse one byte more', async () => {
    expect(jsonOf(ANONYMOUS_BODY_LIMIT)).toHaveLength(ANONYMOUS_BODY_LIMIT);
    for (const url of ['/api/v1/passports/validate-only-public', '/console/api/session']) {
      expect((await post(url, jsonOf(ANONYMOUS_BODY_LIMIT))).statusCode, url).not.toBe(413);
      const over = await post(url, jsonOf(ANONYMOUS_BODY_LIMIT + 1));
      expect(over.statusCode, url).toBe(413);
      expect(over.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
  });

  it('console pages a visitor may post read the form limit, JSON included', async () => {
    expect((await post('/console/sign-out', jsonOf(FORM_PAGE_BODY_LIMIT + 1))).statusCode).toBe(413);
  });

  it('the grant request form keeps its own 16 KiB limit', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/request-access/${randomUUID()}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: randomIp(),
      payload: `reason=${'x'.repeat(16 * 1024)}`,
    });
    expect(response.statusCode).toBe(413);
  });

  it('authenticated routes read the service limit: a megabyte is read and judged', async () => {
    const response = await post(
      '/api/v1/passports/validate-only',
      jsonOf(1024 * 1024),
      bearer(workspace.token),
    );
    expect(response.statusCode).toBe(200);
  });
});
