// A large JSON body is parsed and checked in one turn of the event loop and handled by its route in
// another (src/http/json-body.ts), so that other work runs in between: no request holds the loop
// for both (DESIGN: 50 ms at most). How long each turn takes is measured by
// `npm run bench:event-loop`, never here. The probe: when the body has been read, a callback is put
// on the loop; it runs before the route's handler only if the handler waits for a turn of its own.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { randomIp } from '../helpers/app.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

/** Per request id: whether a callback put on the loop when the body was read ran before the handler. */
const turnBefore = new Map<string, boolean>();

function probeTurns(app: FastifyInstance): void {
  const ran = new Map<string, boolean>();
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const watched = new PassThrough();
    // Registered before the body parser's own listener, so it runs first when the body ends.
    watched.on('end', () => setImmediate(() => ran.set(request.id, true)));
    payload.pipe(watched);
    done(null, watched);
  });
  app.addHook('preHandler', async (request) => {
    turnBefore.set(request.id, ran.get(request.id) === true);
  });
}

/** A passport body of about `bytes` bytes, of unknown metadata fields. */
function bodyOf(bytes: number): string {
  const members: string[] = [];
  for (let size = 0, i = 0; size < bytes - 100; i++) {
    const member = `"k${i}":0`;
    members.push(member);
    size += member.length + 1;
  }
  return `{"productId":"4006381333931","category":"batteries","metadata":{${members.join(',')}}}`;
}

describe('the turns of the event loop a JSON body takes', () => {
  const app = useTestApp({ instrument: probeTurns });

  const validate = async (payload: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/passports/validate-only-public',
      headers: { 'content-type': 'application/json' },
      remoteAddress: randomIp(),
      payload,
    });
    expect(response.statusCode).toBe(200);
    return turnBefore.get(response.headers['x-request-id'] as string);
  };

  it('hands a large body to its route in a later turn, after what waited meanwhile', async () => {
    expect(await validate(bodyOf(60 * 1024))).toBe(true);
  });

  it('hands a small body over at once: a turn of its own would only add to its latency', async () => {
    expect(await validate(bodyOf(2 * 1024))).toBe(false);
  });
});
