// The timestamp of a seal is outside its signature, so it can be stripped: a seal whose timestamp
// was removed (`timestamp: null`, `timestampStatus: "none"`) still verifies as a seal without a
// timestamp. A verifier that requires one (`requireTimestamp: true` on POST /api/v1/audit/verify,
// `opendpp verify --require-timestamp`) refuses it. The timestamped seal comes from a real TSA.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { createOperator } from '../helpers/passports.ts';
import { processTimeout, run, stopProcesses } from '../helpers/process.ts';
import { createSealedPassport, type SealedDocument } from '../helpers/seals.ts';
import { startTestTsa, type TestTsa } from '../helpers/tsa.ts';
import { appTest, useTestApp } from '../helpers/use-test-app.ts';

const dir = mkdtempSync(join(tmpdir(), 'opendpp-require-timestamp-'));
afterEach(stopProcesses);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MISSING = 'The seal carries no RFC 3161 timestamp, and this verification requires one.';

describe('requiring a timestamp', () => {
  let tsa: TestTsa;
  let workspace: TestWorkspace;
  let timestamped: SealedDocument;
  let stripped: SealedDocument;
  afterAll(async () => {
    await tsa?.close();
  });
  const app = useTestApp(async () => {
    tsa = await startTestTsa();
    return { env: { TSA_URL: tsa.url } };
  });
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    timestamped = await createSealedPassport(app, workspace.token);
    expect(timestamped.digitalSeal.timestampStatus).toBe('granted');
    stripped = {
      ...timestamped,
      digitalSeal: { ...timestamped.digitalSeal, timestamp: null, timestampStatus: 'none' },
    };
  });

  const verify = (body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/v1/audit/verify', payload: body });

  it('a stripped timestamp still verifies as a seal without one, unless one is required', async () => {
    const plain = await verify({ document: stripped });
    expect(plain.json()).toEqual({
      success: true,
      valid: true,
      checks: {
        merkleRoot: true,
        signature: true,
        certificateChain: true,
        timestamp: null,
        operatorBinding: true,
      },
      reasons: [],
    });
    const required = await verify({ document: stripped, requireTimestamp: true });
    expect(required.statusCode).toBe(200);
    expect(required.json()).toEqual({
      success: true,
      valid: false,
      checks: {
        merkleRoot: true,
        signature: true,
        certificateChain: true,
        timestamp: false,
        operatorBinding: true,
      },
      reasons: [MISSING],
    });
    expect((await verify({ document: stripped, requireTimestamp: false })).json().valid).toBe(true);
  });

  it('a timestamped seal passes when one is required', async () => {
    const required = await verify({ document: timestamped, requireTimestamp: true });
    expect(required.json()).toMatchObject({ valid: true, checks: { timestamp: true }, reasons: [] });
  });

  it('a timestamp removed while the seal still says granted, or a missing member, fail either way', async () => {
    const halfStripped = { ...timestamped, digitalSeal: { ...timestamped.digitalSeal, timestamp: null } };
    for (const requireTimestamp of [false, true]) {
      const result = (await verify({ document: halfStripped, requireTimestamp })).json();
      expect(result).toMatchObject({ valid: false, checks: { timestamp: false } });
      expect(result.reasons).toEqual(['The seal says a timestamp was granted but carries none.']);
    }
    const { timestamp: _timestamp, ...sealWithout } = stripped.digitalSeal;
    const absent = (await verify({ document: { ...stripped, digitalSeal: sealWithout } })).json();
    expect(absent).toMatchObject({ valid: false, checks: { merkleRoot: false, signature: false } });
    expect(absent.reasons).toEqual([
      'digitalSeal.timestamp is neither null nor { token, genTime, tsaCertificates }.',
    ]);
  });

  appTest('a seal made without a TSA fails when a timestamp is required', async ({ newApp }) => {
    const withoutTsa = await newApp();
    const own = await createWorkspace(withoutTsa);
    await createOperator(withoutTsa, own);
    const document = await createSealedPassport(withoutTsa, own.token);
    expect(document.digitalSeal).toMatchObject({ timestamp: null, timestampStatus: 'none' });
    const result = await withoutTsa.inject({
      method: 'POST',
      url: '/api/v1/audit/verify',
      payload: { document, requireTimestamp: true },
    });
    expect(result.json()).toMatchObject({ valid: false, checks: { timestamp: false }, reasons: [MISSING] });
  });

  it('refuses a requireTimestamp that is not a boolean with 400', async () => {
    const response = await verify({ document: timestamped, requireTimestamp: 'yes' });
    expect(response.statusCode).toBe(400);
  });

  it('opendpp verify --require-timestamp exits 1 for the stripped seal, 0 for the timestamped one', {
    timeout: processTimeout(3),
  }, async () => {
    const strippedPath = join(dir, 'stripped.json');
    const timestampedPath = join(dir, 'timestamped.json');
    writeFileSync(strippedPath, JSON.stringify(stripped));
    writeFileSync(timestampedPath, JSON.stringify(timestamped));

    const lenient = await run(['bin/opendpp.js', 'verify', strippedPath]);
    expect(lenient.code, lenient.stderr).toBe(0);
    expect(JSON.parse(lenient.stdout)).toMatchObject({ valid: true, checks: { timestamp: null } });

    const strict = await run(['bin/opendpp.js', 'verify', strippedPath, '--require-timestamp']);
    expect(strict.code, strict.stderr).toBe(1);
    expect(JSON.parse(strict.stdout)).toMatchObject({
      valid: false,
      checks: { merkleRoot: true, signature: true, timestamp: false },
      reasons: [MISSING],
    });

    const granted = await run(['bin/opendpp.js', 'verify', timestampedPath, '--require-timestamp']);
    expect(granted.code, granted.stderr).toBe(0);
    expect(JSON.parse(granted.stdout)).toMatchObject({ valid: true, checks: { timestamp: true } });
  });
});
