// The change feed across an outage of its PostgreSQL: the listening connection goes through a TCP
// relay that the test stops (connections cut, new ones refused) and starts again. The feed must
// come back on exactly one connection (failed attempts during the outage must not multiply into
// several listeners), tell its subscribers to forget what they cached, and deliver notifications.
import { once } from 'node:events';
import net from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANGE_CHANNEL, type ChangeFeed, postgresChangeFeed } from '../../src/db/changes.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/** A TCP relay to the PostgreSQL server that can be stopped and started on the same port. */
function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  return {
    sockets,
    get url() {
      const url = new URL(target);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    async start() {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        sockets.add(client);
        client.on('error', () => {});
        upstream.on('error', () => client.destroy());
        client.on('close', () => {
          sockets.delete(client);
          upstream.destroy();
        });
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
      port = (server.address() as net.AddressInfo).port;
    },
    stop() {
      server?.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

async function until(probe: () => boolean, limitMs: number, what: string): Promise<void> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${limitMs} ms`);
}

describe('the change feed on PostgreSQL', () => {
  let feed: ChangeFeed | undefined;
  let link: ReturnType<typeof relay> | undefined;
  afterAll(async () => {
    await feed?.close();
    link?.stop();
  });

  it('comes back on one connection after an outage, resets its subscribers and delivers again', async () => {
    if (!serverUrl) throw new Error('TEST_DATABASE_URL (PostgreSQL) is required: npm run test:instances');
    link = relay(new URL(serverUrl));
    await link.start();
    const errors: unknown[] = [];
    feed = await postgresChangeFeed(link.url, (error) => errors.push(error));
    let resets = 0;
    const payloads: string[] = [];
    feed.onReset(() => resets++);
    feed.onChange((payload) => payloads.push(payload));
    expect(link.sockets.size).toBe(1);

    link.stop();
    // Long enough for several attempts to fail against the closed port (back-off 100 ms, 250 ms, …).
    await until(() => errors.length >= 4, 15_000, 'failed reconnection attempts');
    await link.start();
    await until(() => resets > 0, 15_000, 'the feed back');
    // Any attempt still pending would open a second listener within the longest back-off step.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(link.sockets.size).toBe(1);
    expect(resets).toBe(1);

    const sender = new pg.Client({ connectionString: serverUrl });
    await sender.connect();
    try {
      await sender.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, 'tenant:after-outage']);
    } finally {
      await sender.end();
    }
    await until(() => payloads.includes('tenant:after-outage'), 10_000, 'a notification after the outage');
  }, 60_000);
});
