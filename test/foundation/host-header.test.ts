// The Host header is read strictly: one header, a host and an optional port. A malformed one
// (`bravo.localhost/x` would escape the workspace-host rule) or a second one is 400 with the error body.
import { once } from 'node:events';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { isHostHeader } from '../../src/http/host-header.ts';
import { BASE_URL, bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const publicHost = new URL(BASE_URL).hostname;

/** Sends raw bytes and answers the status line and body of the reply. */
async function rawRequest(port: number, text: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  socket.end(text);
  await once(socket, 'close');
  return received;
}

describe('Host header', () => {
  const app = useTestApp();
  let other: TestWorkspace;
  beforeAll(async () => {
    await createWorkspace(app);
    other = await createWorkspace(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('refuses hosts with a path, a user part, spaces or other stray characters', async () => {
    for (const host of [
      `bravo.${publicHost}/x`,
      `bravo.${publicHost}?x`,
      `bravo.${publicHost}#x`,
      `user@bravo.${publicHost}`,
      `bravo.${publicHost}:80:80`,
      `bravo.${publicHost}:port`,
      `bravo .${publicHost}`,
      '[::1',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/whoami',
        headers: { host, ...bearer(other.token) },
      });
      expect(response.statusCode, host).toBe(400);
      expect(response.json(), host).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    }
  });

  it('keeps the workspace-host rule: a key on another workspace host is refused, on its own host it works', async () => {
    const own = await app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: { host: `${other.subdomain}.${publicHost}`, ...bearer(other.token) },
    });
    expect(own.statusCode).toBe(200);
    const foreign = await app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: { host: `bravo.${publicHost}/x`, ...bearer(other.token) },
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('takes hosts, IPv4 and bracketed IPv6 addresses with an optional port', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      `a-b.${publicHost}`,
      `${publicHost}.`,
      '127.0.0.1:8080',
      '[::1]',
      '[::1]:3000',
      '[2001:db8::7]:443',
    ]) {
      expect(isHostHeader(host), host).toBe(true);
    }
  });

  it('refuses a request with two Host headers, on a real connection', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening on a port');
    const twice = await rawRequest(
      address.port,
      `GET /api/v1/whoami HTTP/1.1\r\nHost: ${other.subdomain}.${publicHost}\r\nHost: bravo.${publicHost}\r\nAuthorization: ${bearer(other.token).authorization}\r\nConnection: close\r\n\r\n`,
    );
    expect(twice).toMatch(/^HTTP\/1\.1 400 /);
    expect(twice).toContain('"code":"BAD_REQUEST"');
    expect(twice).toContain('more than one Host header');
    const once = await rawRequest(
      address.port,
      `GET /api/v1/whoami HTTP/1.1\r\nHost: ${other.subdomain}.${publicHost}\r\nAuthorization: ${bearer(other.token).authorization}\r\nConnection: close\r\n\r\n`,
    );
    expect(once).toMatch(/^HTTP\/1\.1 200 /);
  });
});
