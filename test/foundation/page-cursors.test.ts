// Page cursors and page tokens come back from clients, so every paged route reads them as hostile
// input: one that decodes to a time the store cannot hold, a number past its range, an id that is
// not a UUID or any other shape this node never hands out is a 400 naming the parameter, never a
// store error. The valid cursors of each route still page (their own tests walk them).
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { isResultObject } from '../../src/domain/en18222/index.ts';
import { bearer, type TestWorkspace } from '../helpers/app.ts';
import { addMember, session } from '../helpers/console.ts';
import { createPassport } from '../helpers/passports.ts';
import { createUnit, unitWorkspace } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const token = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const id = randomUUID();

/** Tokens that decode to something no page of this node can start after. */
const HOSTILE_TOKENS: [string, string][] = [
  ['a time 31,700 years before the epoch', token(`-999999999999999999.${id}`)],
  ['a time 31,700 years after the epoch', token(`999999999999999999.${id}`)],
  ['the microsecond before the year 0001', token(`-62135596800000001.${id}`)],
  ['the microsecond after the year 9999', token(`253402300800000000.${id}`)],
  ['a time past 64 bits', token(`99999999999999999999.${id}`)],
  ['a time that is no number', token(`NaN.${id}`)],
  ['an infinite time', token(`Infinity.${id}`)],
  ['a time with an exponent', token(`1e18.${id}`)],
  ['a time with a fraction', token(`1.5.${id}`)],
  ['an id that is not a UUID', token('1714521600000000.not-a-uuid')],
  ['an id in capitals', token(`1714521600000000.${id.toUpperCase()}`)],
  ['no id', token('1714521600000000')],
  ['an offset past any answer', token('o:99999999')],
  ['a negative offset', token('o:-1')],
  ['an offset past the safe integers', token('o:9007199254740993')],
  ['JSON', token(JSON.stringify({ at: -1e20, id }))],
  ['text that is not base64url', 'not a cursor!'],
  ['padding', `${token(`1714521600000000.${id}`)}==`],
];

describe('hostile page cursors', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let unitId: string;
  let passportId: string;
  beforeAll(async () => {
    const made = await unitWorkspace(app);
    workspace = made.workspace;
    passportId = (await createPassport(app, workspace.token, { status: 'ACTIVE' })).id;
    unitId = (await createUnit(app, workspace.token, made.passport.id)).id;
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(workspace.token) });

  function expectRefusal(response: LightMyRequestResponse, parameter: string, what: string) {
    expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
    expect(response.json(), what).toMatchObject({
      success: false,
      error: 'Bad Request',
      code: 'BAD_REQUEST',
      message: expect.stringContaining(`'${parameter}'`),
    });
  }

  const routes: [string, string, (cursor: string) => string][] = [
    ['the EPCIS query', 'nextPageToken', (cursor) => `/api/v1/events?nextPageToken=${cursor}`],
    ["a unit's events", 'cursor', (cursor) => `/api/v1/units/${unitId}/events?cursor=${cursor}`],
    [
      "a passport's access log",
      'cursor',
      (cursor) => `/api/v1/passports/${passportId}/access-log?cursor=${cursor}`,
    ],
    ['the webhook delivery log', 'cursor', (cursor) => `/api/v1/webhooks/deliveries?cursor=${cursor}`],
  ];

  it.each(routes)('%s answers 400 naming %s', async (_, parameter, url) => {
    for (const [what, cursor] of HOSTILE_TOKENS) {
      expectRefusal(await get(url(encodeURIComponent(cursor))), parameter, what);
    }
  });

  it('the EN 18222 id pages answer the Result object naming the cursor', async () => {
    const positionToken: [string, string] = ['a page position', token(`1.${id}`)];
    for (const [what, cursor] of [...HOSTILE_TOKENS, positionToken]) {
      const response = await app.inject({
        method: 'POST',
        url: `/v1/dppsByProductIds?cursor=${encodeURIComponent(cursor)}`,
        headers: { ...bearer(workspace.token), 'content-type': 'application/json' },
        payload: JSON.stringify({ productIds: ['x'] }),
      });
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      const body = response.json();
      expect(isResultObject(body), what).toBe(true);
      expect(body.messages[0]).toMatchObject({
        code: 'BAD_REQUEST',
        text: expect.stringContaining("'cursor'"),
      });
    }
  });

  it("the console's cursor pages answer 400, as the API they read", async () => {
    await addMember(app, workspace, 'cursor-pages@example.com');
    const { cookie } = await session(app, workspace, 'cursor-pages@example.com');
    for (const page of [`/console/passports/${passportId}/access-log`, '/console/webhooks/deliveries']) {
      for (const [what, cursor] of HOSTILE_TOKENS) {
        const response = await app.inject({
          method: 'GET',
          url: `${page}?cursor=${encodeURIComponent(cursor)}`,
          headers: { cookie },
        });
        expect(response.statusCode, `${page}, ${what}`).toBe(400);
      }
    }
  });

  it('a position at the edges of the years 0001 and 9999 is a page, empty here', async () => {
    for (const edge of [token(`-62135596800000000.${id}`), token(`253402300799999999.${id}`)]) {
      for (const [what, , url] of routes) {
        const response = await get(url(edge));
        expect(response.statusCode, `${what}: ${response.body}`).toBe(200);
      }
    }
  });
});
