// `opendpp verify` as a user runs it: a real process on document files, no node running.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { batteryPassportDocument, sealFixture } from '../../src/domain/seal/fixtures.ts';
import { sealDocument } from '../../src/domain/seal/index.ts';
import { processTimeout, run, stopProcesses } from '../helpers/process.ts';

const dir = mkdtempSync(join(tmpdir(), 'opendpp-verify-'));
afterEach(stopProcesses);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each test runs one CLI process, budgeted as helpers/process.ts says, not by the default timeout.
describe('opendpp verify', { timeout: processTimeout(1) }, () => {
  const file = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  let sealed: Record<string, unknown>;
  let caPath = '';
  beforeAll(async () => {
    const fixture = await sealFixture();
    const document = batteryPassportDocument();
    const fields = await sealDocument(document, {
      passportId: document.id as string,
      version: 1,
      sealedAt: new Date(),
      key: fixture.key,
      certificatePem: fixture.certificatePem,
    });
    sealed = { ...document, ...fields };
    caPath = file('ca.pem', fixture.ca.certificatePem);
  });

  it('answers valid with exit status 0 for an intact document, the chain checked against --ca', async () => {
    const result = await run(['bin/opendpp.js', 'verify', file('sealed.json', sealed), '--ca', caPath], {});
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      valid: true,
      checks: { merkleRoot: true, signature: true, certificateChain: true, timestamp: null },
    });
  });

  it('answers invalid with exit status 1 for a changed document', async () => {
    const forged = { ...sealed, productId: '09999999999999' };
    const result = await run(['bin/opendpp.js', 'verify', file('forged.json', forged)], {});
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ valid: false, checks: { merkleRoot: false } });
  });

  it('reports a file that is not JSON with exit status 1', async () => {
    const result = await run(['bin/opendpp.js', 'verify', file('bad.json', 'not json')], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/not a readable JSON document/);
  });
});
