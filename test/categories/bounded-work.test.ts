// Hostile bodies on every path that validates passport metadata: the work and the answer stay
// bounded (at most 1,000 findings, 100 of a code listed and the rest counted in `omitted`,
// `truncated: true`), and nothing ends in a 500. Not timed: the event-loop budget is measured by
// `npm run bench:event-loop`.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FINDINGS, MAX_LISTED_PER_CODE } from '../../src/domain/categories/findings.ts';
import { ANONYMOUS_BODY_LIMIT } from '../../src/http/body-limits.ts';
import { bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { batteryMetadata, createOperator, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

/** `"metadata": { "k0": 0, … }` with `count` unknown members, as JSON text (a body of megabytes). */
function unknownKeys(count: number): string {
  const members: string[] = [];
  for (let i = 0; i < count; i++) members.push(`"k${i}":0`);
  return `{${members.join(',')}}`;
}

const passport = (category: string, metadata: string) =>
  `{"productId":"${newGtin13()}","category":"${category}","metadata":${metadata}}`;

const deeplyNested = (levels: number) => `${'{"d":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('bounded work on the validating routes', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  const manyKeys = unknownKeys(280_000);
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
  });

  const post = (url: string, payload: string, authenticated = true) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(authenticated ? bearer(workspace.token) : {}) },
      remoteAddress: randomIp(),
      payload,
    });

  interface Report {
    errors: { code: string }[];
    warnings: unknown[];
    truncated?: boolean;
    omitted?: Record<string, number>;
  }

  const expectBounded = (body: Report) => {
    const counted = Object.values(body.omitted ?? {}).reduce((sum, count) => sum + count, 0);
    expect(body.errors.length).toBeGreaterThan(0);
    expect(body.errors.length + body.warnings.length + counted).toBeLessThanOrEqual(MAX_FINDINGS);
    expect(body.errors.filter((item) => item.code === 'UNKNOWN_FIELD')).toHaveLength(MAX_LISTED_PER_CODE);
    expect(body.omitted?.UNKNOWN_FIELD).toBeGreaterThan(0);
    expect(body.truncated).toBe(true);
  };

  /** A valid battery passport with `count` unknown fields beside its real ones. */
  const withUnknownFields = (count: number) =>
    JSON.stringify({
      productId: newGtin13(),
      category: 'batteries',
      metadata: {
        ...batteryMetadata(),
        ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 0])),
      },
    });

  it.each(['batteries', 'cosmetics'])(
    'create: 280,000 unknown %s fields are a 400 ValidationFailed, truncated, at most 1,000 findings',
    async (category) => {
      const response = await post('/api/v1/passports', passport(category, manyKeys));
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ success: false, error: 'Validation Failed', code: 'VALIDATION_FAILED' });
      expectBounded(body);
      expect(body.errors[0]).toHaveProperty('friendlyMessage');
    },
  );

  it('EN 18222 CreateDPP: the same body is a 400 Result object of at most 1,000 messages', async () => {
    const response = await post('/v1/dpps', passport('batteries', manyKeys));
    expect(response.statusCode).toBe(400);
    const { messages } = response.json() as { messages: { code: string }[] };
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.length).toBeLessThanOrEqual(MAX_FINDINGS);
    expect(messages.every((message) => message.code === 'VALIDATION_FAILED')).toBe(true);
  });

  it('validate-only: the same body is a report of at most 1,000 findings, truncated', async () => {
    const response = await post('/api/v1/passports/validate-only', passport('batteries', manyKeys));
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(false);
    expectBounded(response.json());
  });

  it('bulk: a row of 280,000 unknown fields is that row error, in one line, and the other rows are written', async () => {
    const good = JSON.stringify({
      productId: newGtin13(),
      category: 'batteries',
      metadata: batteryMetadata(),
    });
    const response = await post(
      '/api/v1/passports/bulk',
      `{"passports":[${passport('batteries', manyKeys)},${good}]}`,
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.count).toBe(1);
    expect(body.errors[0]).toMatch(
      /^\[row 0\] \[\d+\] Validation Failed: .*; and \d+ more; checks stopped at their limit/,
    );
    expect(body.errors[0].length).toBeLessThan(5_000);
  });

  it('validate-only-public: the largest body it accepts, all unknown fields, is a truncated report', async () => {
    const fits = Math.floor((ANONYMOUS_BODY_LIMIT - 100) / '"k99999":0,'.length);
    const payload = passport('batteries', unknownKeys(fits));
    expect(payload.length).toBeLessThanOrEqual(ANONYMOUS_BODY_LIMIT);
    const response = await post('/api/v1/passports/validate-only-public', payload, false);
    expect(response.statusCode).toBe(200);
    expectBounded(response.json());
  });

  it('validate-only-public: 150 unknown fields list 100 and count the other 50, every field having been seen', async () => {
    const response = await post('/api/v1/passports/validate-only-public', withUnknownFields(150), false);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Report & { success: boolean };
    expect(body.success).toBe(false);
    expect(body.errors).toHaveLength(MAX_LISTED_PER_CODE);
    expect(body.errors.every((item) => item.code === 'UNKNOWN_FIELD')).toBe(true);
    expect(body.omitted).toEqual({ UNKNOWN_FIELD: 50 });
    // There are more findings than listed, which is what `truncated` says.
    expect(body.truncated).toBe(true);
  });

  it('create: the same body is a ValidationFailed that counts all 150 and lists 100', async () => {
    const response = await post('/api/v1/passports', withUnknownFields(150));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toMatch(/^Passport data is invalid \(150 error\(s\)\)/);
    expect(body.errors).toHaveLength(MAX_LISTED_PER_CODE);
    expect(body.omitted).toEqual({ UNKNOWN_FIELD: 50 });
    expect(body.truncated).toBe(true);
  });

  it('bulk: the same row counts what its line does not show, and the checks did not stop', async () => {
    const response = await post('/api/v1/passports/bulk', `{"passports":[${withUnknownFields(150)}]}`);
    const line = response.json().errors[0] as string;
    expect(line).toMatch(/; and 130 more$/);
  });

  it('validate-only-public: a body over its limit is refused before it is read, 413', async () => {
    const response = await post(
      '/api/v1/passports/validate-only-public',
      passport('batteries', manyKeys),
      false,
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it.each([
    ['/api/v1/passports/validate-only-public', false],
    ['/api/v1/passports/validate-only', true],
    ['/api/v1/passports', true],
  ] as const)('%s: metadata nested 10,000 deep is a 400, not a 500', async (url, authenticated) => {
    const response = await post(url, passport('batteries', deeplyNested(10_000)), authenticated);
    expect(response.statusCode).toBe(400);
  });

  it('bulk: a row nested 10,000 deep is refused, as the whole body nests too deep to parse', async () => {
    const response = await post(
      '/api/v1/passports/bulk',
      `{"passports":[${passport('batteries', deeplyNested(10_000))}]}`,
    );
    expect(response.statusCode).toBe(400);
  });

  it('bulk: a row nested past the limit but parseable is that row error', async () => {
    const response = await post(
      '/api/v1/passports/bulk',
      `{"passports":[${passport('batteries', deeplyNested(40))}]}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().errors[0]).toMatch(/nests deeper than/);
  });
});
