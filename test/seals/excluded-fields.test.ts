// `proof.excludedFields` is a set (docs/sealing.md §8): the ten names in any order pass, a name twice,
// one missing or one more fail. The node's three verifiers (the domain function, the public API and
// the offline CLI) answer alike for the same document sealed by the node.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEAL_EXCLUDED_FIELDS, verifySealedDocument } from '../../src/domain/seal/index.ts';
import { createWorkspace } from '../helpers/app.ts';
import { createOperator } from '../helpers/passports.ts';
import { processTimeout, run, stopProcesses } from '../helpers/process.ts';
import { createSealedPassport, type SealedDocument } from '../helpers/seals.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const dir = mkdtempSync(join(tmpdir(), 'opendpp-excluded-'));
afterEach(stopProcesses);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fields: string[] = [...SEAL_EXCLUDED_FIELDS];
const variants = {
  reordered: { excludedFields: [...fields].reverse(), valid: true },
  duplicated: { excludedFields: [...fields.slice(0, -1), fields[0]], valid: false },
  missing: { excludedFields: fields.slice(1), valid: false },
  extra: { excludedFields: [...fields, 'metadata'], valid: false },
  twice: { excludedFields: [...fields, fields[0]], valid: false },
} as const;
type Variant = keyof typeof variants;
const SET_REASON = /^proof\.excludedFields is not the set of 10 field names opendpp-seal\/1 fixes/;

describe('proof.excludedFields, a set', () => {
  const app = useTestApp();
  let sealed: SealedDocument;
  let caCertificatePem: string;
  beforeAll(async () => {
    const workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    sealed = await createSealedPassport(app, workspace.token);
    expect(sealed.proof.excludedFields).toEqual(fields);
    caCertificatePem = (await app.inject({ method: 'GET', url: '/.well-known/opendpp-seal-ca.pem' })).body;
  });

  const variant = (name: Variant) => ({
    ...sealed,
    proof: { ...sealed.proof, excludedFields: variants[name].excludedFields },
  });

  it('the domain verifier accepts any order and refuses anything but the ten names once each', async () => {
    for (const name of Object.keys(variants) as Variant[]) {
      const result = await verifySealedDocument(variant(name), { caCertificatePem });
      expect(result.valid, name).toBe(variants[name].valid);
      if (!variants[name].valid) {
        expect(result.checks, name).toEqual({
          merkleRoot: false,
          signature: false,
          certificateChain: null,
          timestamp: null,
        });
        expect(result.reasons, name).toEqual([expect.stringMatching(SET_REASON)]);
      }
    }
  });

  it('POST /api/v1/audit/verify answers the same', async () => {
    for (const name of Object.keys(variants) as Variant[]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/audit/verify',
        payload: { document: variant(name) },
      });
      expect(response.statusCode, name).toBe(200);
      const result = response.json();
      expect(result.valid, name).toBe(variants[name].valid);
      if (variants[name].valid) expect(result.reasons, name).toEqual([]);
      else {
        expect(result.checks, name).toMatchObject({ merkleRoot: false, signature: false });
        expect(result.reasons, name).toContainEqual(expect.stringMatching(SET_REASON));
      }
    }
  });

  it('opendpp verify answers the same', { timeout: processTimeout(2) }, async () => {
    for (const name of ['reordered', 'duplicated'] as const) {
      const path = join(dir, `${name}.json`);
      writeFileSync(path, JSON.stringify(variant(name)));
      const caPath = join(dir, 'ca.pem');
      writeFileSync(caPath, caCertificatePem);
      const result = await run(['bin/opendpp.js', 'verify', path, '--ca', caPath]);
      expect(result.code, `${name}: ${result.stderr}`).toBe(variants[name].valid ? 0 : 1);
      const printed = JSON.parse(result.stdout);
      expect(printed.valid, name).toBe(variants[name].valid);
      if (!variants[name].valid) expect(printed.reasons).toEqual([expect.stringMatching(SET_REASON)]);
      else expect(printed.checks).toMatchObject({ merkleRoot: true, certificateChain: true });
    }
  });
});
