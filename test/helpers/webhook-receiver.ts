// A webhook receiver on loopback for the delivery tests, and the Standard Webhooks check written out
// here (not the library's) so that the tests prove the scheme itself.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string>;
  body: string;
  json: Record<string, unknown>;
}

/** What the receiver does with a request: answer a status, or never answer. */
export type Behaviour = number | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** Answers for the next requests, in order; after them, `fallback`. */
  script: Behaviour[];
  fallback: Behaviour;
  close(): Promise<void>;
}

export async function startReceiver(port = 0): Promise<Receiver> {
  const hanging: ServerResponse[] = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    script: [],
    fallback: 204,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      receiver.received.push({ headers, body, json: JSON.parse(body) as Record<string, unknown> });
      const behaviour = receiver.script.shift() ?? receiver.fallback;
      if (behaviour === 'hang') hanging.push(response);
      else response.writeHead(behaviour).end();
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

/**
 * The Standard Webhooks check: HMAC-SHA256 under the secret's bytes (base64 after `whsec_`) over
 * `id.timestamp.body`, base64, compared with each `v1,` signature of the header.
 */
export function verifySignature(secret: string, received: Received): boolean {
  const id = received.headers['webhook-id'];
  const timestamp = received.headers['webhook-timestamp'];
  const header = received.headers['webhook-signature'];
  if (!id || !timestamp || !header) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${received.body}`).digest();
  return header.split(' ').some((part) => {
    const [version, signature] = part.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
