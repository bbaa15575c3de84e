// The contract build check on a copy of the document this build generates, in a contract directory
// of the test's own: the acceptance of spec "Versioning" 5.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContractCheck, waiverName } from '../../scripts/contract-check.ts';
import { snapshotName } from '../../scripts/contract-files.ts';
import { canonicalJson } from '../../src/domain/contract/canonical-json.ts';
import { CONTRACT_VERSION } from '../../src/version.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

// biome-ignore lint/suspicious/noExplicitAny: the test edits the document as a plain JSON tree.
type Json = Record<string, any>;

let released: Json;
let dir: string;

const app = useTestApp();
beforeAll(async () => {
  released = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  dir = mkdtempSync(join(tmpdir(), 'contract-'));
  writeFileSync(join(dir, snapshotName('1.17.0')), canonicalJson(released));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

const copy = (): Json => structuredClone(released);

/** The version's JSON response, as the document declares it. */
const versionBody = (document: Json): Json =>
  document.paths['/api/v1/version'].get.responses['200'].content['application/json'].schema;

describe('the contract check', () => {
  it('passes the generated document against its own release', () => {
    const result = runContractCheck(dir, copy(), '1.17.0');
    expect(result.report).toContain('needs NONE');
    expect(result.ok).toBe(true);
  });

  it('fails a removed response field without a MAJOR bump, and passes it with one', () => {
    const changed = copy();
    const body = versionBody(changed);
    expect(body.properties).toHaveProperty('contractVersion');
    delete body.properties.contractVersion;
    body.required = (body.required ?? []).filter((name: string) => name !== 'contractVersion');

    const minor = runContractCheck(dir, changed, '1.18.0');
    expect(minor.ok).toBe(false);
    expect(minor.report).toContain('GET /api/v1/version response 200 application/json .contractVersion');
    expect(minor.report).toContain('response field removed');
    expect(minor.report).toContain('at least 2.0.0');
    expect(runContractCheck(dir, changed, '2.0.0').ok).toBe(true);
  });

  it('needs a MINOR bump for an added path', () => {
    const changed = copy();
    changed.paths['/api/v1/novelty'] = { get: { responses: { '200': { description: 'New' } } } };
    const patch = runContractCheck(dir, changed, '1.17.1');
    expect(patch.ok).toBe(false);
    expect(patch.report).toContain('/api/v1/novelty: path added');
    expect(patch.report).toContain('at least 1.18.0');
    expect(runContractCheck(dir, changed, '1.18.0').ok).toBe(true);
  });

  it('needs a PATCH bump for wording only', () => {
    const changed = copy();
    changed.paths['/api/v1/version'].get.summary = 'Which contract this node speaks';
    expect(runContractCheck(dir, changed, '1.17.0').ok).toBe(false);
    const patch = runContractCheck(dir, changed, '1.17.1');
    expect(patch.verdict?.required).toBe('PATCH');
    expect(patch.ok).toBe(true);
  });

  it('compares with the latest release in the directory', () => {
    const later = copy();
    later.paths['/api/v1/novelty'] = { get: { responses: { '200': { description: 'New' } } } };
    const laterDir = mkdtempSync(join(tmpdir(), 'contract-'));
    try {
      writeFileSync(join(laterDir, snapshotName('1.9.0')), canonicalJson({ openapi: '3.1.0', paths: {} }));
      writeFileSync(join(laterDir, snapshotName('1.17.0')), canonicalJson(released));
      writeFileSync(join(laterDir, snapshotName('1.18.0')), canonicalJson(later));
      expect(runContractCheck(laterDir, later, '1.18.0').ok).toBe(true);
      // Going back to the older document drops the path: breaking against 1.18.0.
      expect(runContractCheck(laterDir, copy(), '1.18.1').ok).toBe(false);
    } finally {
      rmSync(laterDir, { recursive: true, force: true });
    }
  });

  it('lets a recorded waiver ship a breaking change on a MINOR bump before general availability', () => {
    const changed = copy();
    delete versionBody(changed).properties.contractVersion;
    const waived = mkdtempSync(join(tmpdir(), 'contract-'));
    try {
      writeFileSync(join(waived, snapshotName('1.17.0')), canonicalJson(released));
      expect(runContractCheck(waived, changed, '1.18.0').ok).toBe(false);
      writeFileSync(join(waived, waiverName('1.18.0')), 'The version body drops contractVersion.\n');
      expect(runContractCheck(waived, changed, '1.18.0').ok).toBe(true);
    } finally {
      rmSync(waived, { recursive: true, force: true });
    }
  });

  it('fails when no contract was ever released', () => {
    const empty = mkdtempSync(join(tmpdir(), 'contract-'));
    try {
      expect(runContractCheck(empty, copy(), CONTRACT_VERSION).ok).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
