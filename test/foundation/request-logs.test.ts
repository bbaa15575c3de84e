// What ordinary client behaviour leaves in the log: a refused representation and an upload the
// client gives up on are routine, so neither may log at error level or with a stack.
import { once } from 'node:events';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  err?: { stack?: string };
}

const host = new URL(BASE_URL).host;

describe('request logs', () => {
  const app = useTestApp(() => ({ logStream: stream }));
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text.trim() !== '') lines.push(JSON.parse(text));
      done();
    },
  });

  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    passport = await createPassport(app, workspace.token);
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

  it('answers a linkset once, and logs a refused representation as routine', async () => {
    for (const url of [`/01/${passport.productId}`, `/01/${passport.productId}/10/LOT1`]) {
      const linkset = await app.inject({
        method: 'GET',
        url,
        headers: { host, accept: 'application/linkset+json' },
      });
      expect(linkset.statusCode).toBe(200);
      const logged = linesOf(linkset.headers['x-request-id'] as string);
      expect(logged.filter((line) => line.level >= 40)).toEqual([]);
    }
    const refused = await app.inject({
      method: 'GET',
      url: `/01/${passport.productId}`,
      headers: { host, accept: 'image/gif' },
    });
    expect(refused.statusCode).toBe(406);
    const logged = linesOf(refused.headers['x-request-id'] as string);
    expect(logged.filter((line) => line.level >= 40)).toEqual([]);
    expect(logged.filter((line) => line.err?.stack)).toEqual([]);
  });

  it('logs an upload the client abandons mid-body at debug level, not as an error', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening on a port');
    const socket = connect(address.port, '127.0.0.1');
    socket.on('error', () => {});
    await once(socket, 'connect');
    const before = lines.length;
    socket.write(
      [
        'POST /api/v1/passports HTTP/1.1',
        `Host: ${host}`,
        `Authorization: ${bearer(workspace.token).authorization}`,
        'Content-Type: application/json',
        'Content-Length: 100000',
        '',
        `{"productId":"${'x'.repeat(1000)}`,
      ].join('\r\n'),
    );
    // Wait until the server has seen the request, then hang up halfway through the body.
    await expect
      .poll(() => lines.slice(before).some((line) => line.msg === 'incoming request'), {
        timeout: WAIT_BUDGET_MS,
      })
      .toBe(true);
    const reqId = lines.slice(before).find((line) => line.msg === 'incoming request')?.reqId ?? '';
    socket.destroy();
    // The server notices the lost body and logs it (no completion line follows: nothing was sent).
    await expect.poll(() => linesOf(reqId).length, { timeout: WAIT_BUDGET_MS }).toBeGreaterThan(1);
    const logged = linesOf(reqId);
    expect(logged.filter((line) => line.level >= 40)).toEqual([]);
    expect(logged.filter((line) => line.level === 20).map((line) => line.msg)).toEqual([
      'the client aborted the request',
    ]);
  });
});
