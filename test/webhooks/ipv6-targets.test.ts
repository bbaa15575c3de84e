// IPv6 spellings of private IPv4 targets, through the subscription route: each is refused with the
// documented 400 body naming the IPv4 address it carries.
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('webhook targets written as IPv6', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  const subscribe = (url: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/subscriptions',
      headers: bearer(workspace.token),
      payload: { url, events: ['*'] },
    });

  beforeAll(async () => {
    workspace = await createWorkspace(app);
  });

  it.each([
    ['IPv4-compatible', 'https://[::7f00:1]/hooks', '127.0.0.1'],
    ['IPv4-compatible, dotted', 'https://[::127.0.0.1]/hooks', '127.0.0.1'],
    ['IPv4-translated', 'https://[::ffff:0:7f00:1]/hooks', '127.0.0.1'],
    ['local-use NAT64', 'https://[64:ff9b:1::a00:1]/hooks', '10.0.0.1'],
    ['6to4 loopback', 'https://[2002:7f00:1::1]/hooks', '127.0.0.1'],
    ['6to4 cloud metadata', 'https://[2002:a9fe:a9fe::1]/hooks', '169.254.169.254'],
  ])('refuses %s (%s)', async (_form, url, ipv4) => {
    const response = await subscribe(url);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, error: 'Bad Request', code: 'BAD_REQUEST' });
    expect(body.message).toContain(`carrying ${ipv4}`);
  });
});
