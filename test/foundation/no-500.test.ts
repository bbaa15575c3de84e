// Bad input gets a documented 4xx, never a 500. Every write and list route is fed the classes that
// once reached the store (NUL and unpaired surrogates in any string, JSON nested past the limit,
// numbers beyond the columns, ids that are not UUIDs), in bodies, paths and query strings. Each
// refusal has the documented body and the request id, and leaves the store as it was.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/core/errors.ts';
import { isResultObject } from '../../src/domain/en18222/index.ts';
import { admin, bearer } from '../helpers/app.ts';
import {
  hostileFor,
  hostilePathSegment,
  hostileQueryValue,
  hostileValue,
  toJsonText,
} from '../helpers/hostile.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { type HostileTargets, hostileTargets } from './hostile-targets.ts';
import { type ListRoute, mutate, type PathRoute, type WriteRoute } from './hostile-types.ts';
import { storeFingerprint } from './store-fingerprint.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Never a 5xx; every answer carries its request id; every refusal is one of the documented bodies. */
function expectDocumentedAnswer(response: LightMyRequestResponse, what: string) {
  const context = `${what} → ${response.statusCode}: ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  const requestId = response.headers['x-request-id'];
  expect(requestId, context).toMatch(REQUEST_ID);
  if (response.statusCode < 400) return;
  const body = response.json();
  // `what` starts with the method and the URL: the EN 18222 surface never answers another body.
  const onLifeCycle = /^\S+ \/v1(?:[/?]|$)/.test(what);
  expect('messages' in body, `${context}: the Result object on /v1 and only there`).toBe(onLifeCycle);
  if ('messages' in body) {
    // The EN 18222 surface (/v1) answers the clause 7.2 Result object, with our stable codes.
    expect(isResultObject(body), context).toBe(true);
    for (const message of body.messages as { code: string; correlationId: string }[]) {
      expect(message.correlationId, context).toBe(requestId);
      const code = ERROR_CODES[message.code as keyof typeof ERROR_CODES];
      expect(code?.status, `${context} (code ${message.code})`).toBe(response.statusCode);
    }
    return;
  }
  if ('statusCode' in body) {
    // The framework body, kept where the contract names it (malformed JSON, query violations, URLs).
    expect(body, context).toEqual({
      statusCode: response.statusCode,
      code: expect.stringMatching(/^FST_/),
      error: expect.any(String),
      message: expect.any(String),
      requestId,
    });
    return;
  }
  if (body.error === 'Serialisation Failed') {
    // The contract's own body when every unit of a serialisation failed: the reasons, no message.
    expect(body, context).toEqual({
      success: false,
      error: 'Serialisation Failed',
      errors: expect.any(Array),
    });
    return;
  }
  expect(body, context).toMatchObject({
    success: false,
    error: expect.any(String),
    message: expect.any(String),
    code: expect.any(String),
  });
  const code = ERROR_CODES[body.code as keyof typeof ERROR_CODES];
  expect(code?.status, `${context} (code ${body.code})`).toBe(response.statusCode);
}

// Each property sends a few hundred requests and takes two fingerprints of the store per refusal:
// 4–8 s on a quiet 2-core machine, up to eight times that when the machine is eight times
// oversubscribed (several suites and a type check at once). The timeout leaves room beyond that.
const PROPERTY_TIMEOUT_MS = 180_000;

/**
 * A property whose test has timed out must stop: vitest moves on without waiting for it, and its
 * writes would land while the next property fingerprints the store, failing that one with "a
 * refused write changed the store" (seen under load). Each run checks first.
 */
function stillOn(signal: AbortSignal) {
  signal.throwIfAborted();
}

describe('no route answers hostile input with a 500', () => {
  const app = useTestApp();
  let targets: HostileTargets;
  beforeAll(async () => {
    targets = await hostileTargets(app);
  });

  const headersFor = (route: { admin?: boolean; session?: boolean }) =>
    route.admin ? admin : bearer(route.session ? targets.sessionToken : targets.token);

  it('starts from bodies each route accepts: a refusal below is the hostile value at work', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, async () => {
    for (const route of targets.writes) {
      const before = await storeFingerprint(targets.tenants);
      const response = await app.inject({
        method: route.method,
        url: route.url,
        headers: headersFor(route),
        payload: route.base(),
      });
      route.accepted?.(response.json());
      expect(
        response.statusCode,
        `${route.method} ${route.url}: ${response.body.slice(0, 300)}`,
      ).toBeLessThan(300);
      if (route.method === 'POST' && !route.url.includes('valid') && !route.readOnly) {
        // The fingerprint sees writes: an unchanged one after a refusal means nothing was written.
        expect(await storeFingerprint(targets.tenants), `${route.method} ${route.url}`).not.toBe(before);
      }
    }
  });

  it('writes: every field of every body, fed each hostile class', { timeout: PROPERTY_TIMEOUT_MS }, async ({
    signal,
  }) => {
    const cases = fc.nat({ max: targets.writes.length - 1 }).chain((index) => {
      const route = targets.writes[index] as WriteRoute;
      return fc
        .constantFrom(...route.fields)
        .chain(([path, kind]) => hostileFor(kind).map((value) => ({ route, path, value })));
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ route, path, value }) => {
        stillOn(signal);
        const body = mutate(route.base(), path, value);
        const before = await storeFingerprint(targets.tenants);
        const response = await app.inject({
          method: route.method,
          url: route.url,
          headers: { ...headersFor(route), 'content-type': 'application/json' },
          payload: toJsonText(body),
        });
        const what = `${route.method} ${route.url} ${path.join('/')}=${toJsonText(value).slice(0, 120)}`;
        expectDocumentedAnswer(response, what);
        if (response.statusCode >= 400) {
          expect(await storeFingerprint(targets.tenants), `${what}: a refused write changed the store`).toBe(
            before,
          );
          return;
        }
        route.accepted?.(response.json());
        if (route.rows && path[0] === route.rows.field && path[1] === 1) {
          // One bad row is a row error; the other rows are written.
          const answer = response.json();
          expect(answer.count + (answer.errors?.length ?? 0), what).toBe(route.rows.count);
          expect(answer.count, what).toBeGreaterThanOrEqual(route.rows.count - 1);
        }
      }),
      { numRuns: 300 },
    );
  });

  // What clients put in Content-Type: JSON mostly, and types no route reads or no parser takes.
  const contentType = fc.oneof(
    { weight: 4, arbitrary: fc.constant('application/json') },
    fc.constantFrom(
      'application/ld+json; charset=utf-8',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
    ),
  );

  it('writes: arbitrary bodies, in any content type', { timeout: PROPERTY_TIMEOUT_MS }, async ({
    signal,
  }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: targets.writes.length - 1 }),
        hostileValue,
        contentType,
        async (index, body, type) => {
          stillOn(signal);
          const route = targets.writes[index] as WriteRoute;
          const before = await storeFingerprint(targets.tenants);
          const response = await app.inject({
            method: route.method,
            url: route.url,
            headers: { ...headersFor(route), 'content-type': type },
            payload: toJsonText(body),
          });
          const what = `${route.method} ${route.url} (${type}) ${toJsonText(body).slice(0, 120)}`;
          expectDocumentedAnswer(response, what);
          if (response.statusCode >= 400) {
            expect(
              await storeFingerprint(targets.tenants),
              `${what}: a refused write changed the store`,
            ).toBe(before);
          } else {
            route.accepted?.(response.json());
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('ids in paths: malformed, nested, over-long, undecodable', { timeout: PROPERTY_TIMEOUT_MS }, async ({
    signal,
  }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: targets.pathRoutes.length - 1 }),
        hostilePathSegment,
        async (index, id) => {
          stillOn(signal);
          const route = targets.pathRoutes[index] as PathRoute;
          const url = route.url(id);
          const before = route.method === 'GET' ? '' : await storeFingerprint(targets.tenants);
          const response = await app.inject({
            method: route.method,
            url,
            headers: headersFor(route),
            ...(route.body ? { payload: route.body as Record<string, unknown> } : {}),
          });
          expectDocumentedAnswer(response, `${route.method} ${url.slice(0, 200)}`);
          if (route.method !== 'GET' && response.statusCode >= 400) {
            expect(await storeFingerprint(targets.tenants), `${route.method} ${url}: changed the store`).toBe(
              before,
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('query strings: numbers beyond any range, NULs, undecodable bytes, repeated keys', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, async ({ signal }) => {
    const query = fc.nat({ max: targets.lists.length - 1 }).chain((index) => {
      const list = targets.lists[index] as ListRoute;
      const pair = fc.tuple(
        fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...list.keys) }, hostileQueryValue),
        hostileQueryValue,
      );
      return fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => ({ list, pairs }));
    });
    await fc.assert(
      fc.asyncProperty(query, async ({ list, pairs }) => {
        stillOn(signal);
        const url = `${list.url}?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`;
        const response = await app.inject({ method: 'GET', url, headers: headersFor(list) });
        expectDocumentedAnswer(response, `GET ${url.slice(0, 300)}`);
      }),
      { numRuns: 200 },
    );
  });
});
