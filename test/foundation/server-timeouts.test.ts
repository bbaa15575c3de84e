// A client that sends its headers slowly is cut off by the server's header deadline, so slow-header
// connections cannot pile up (issue: requestTimeout was 0 and such connections stayed open).
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { appTest } from '../helpers/use-test-app.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';

describe('server timeouts', () => {
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });

  it('has deadlines by default, the header one within the request one', () => {
    const { httpTimeouts } = loadConfig({});
    expect(httpTimeouts.requestMs).toBeGreaterThan(0);
    expect(httpTimeouts.headersMs).toBeGreaterThan(0);
    expect(httpTimeouts.headersMs).toBeLessThanOrEqual(httpTimeouts.requestMs);
    expect(httpTimeouts.keepAliveMs).toBeGreaterThan(0);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
  });

  appTest('closes a connection whose headers trickle in past the header deadline', async ({ newApp }) => {
    const app = await newApp({
      env: {
        HTTP_HEADERS_TIMEOUT_MS: '400',
        HTTP_REQUEST_TIMEOUT_MS: '800',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '400',
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening on a port');

    const socket = connect(address.port, '127.0.0.1');
    sockets.push(socket);
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    socket.on('error', () => {});
    const closed = once(socket, 'close').then(() => true);
    socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n');
    // One more header line every 100 ms, never the blank line that ends them.
    let line = 0;
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write(`X-Slow-${line++}: a\r\n`);
    }, 100);
    // Far above the deadline (plus the server's sweep), so a busy machine cannot fail the test.
    const limit = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), WAIT_BUDGET_MS).unref());
    try {
      expect(await Promise.race([closed, limit])).toBe(true);
    } finally {
      clearInterval(trickle);
    }
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });
});
