// `opendpp backup export` and `opendpp backup verify` as a user runs them: real processes, the export
// over the node's admin API of a node listening on loopback, the verification with no node at all.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { ADMIN_TOKEN, createWorkspace, type TestWorkspace, testApp } from '../helpers/app.ts';
import { createOperator } from '../helpers/passports.ts';
import { processTimeout, run, stopProcesses } from '../helpers/process.ts';
import { createSealedPassport } from '../helpers/seals.ts';

const dir = mkdtempSync(join(tmpdir(), 'opendpp-backup-'));
let app: App;
let url: string;
let workspace: TestWorkspace;

beforeAll(async () => {
  app = await testApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  workspace = await createWorkspace(app);
  await createOperator(app, workspace);
  await createSealedPassport(app, workspace.token);
}, 120_000);
afterEach(stopProcesses);
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('opendpp backup', { timeout: processTimeout(3) }, () => {
  it('exports a workspace to standard output, and the archive verifies offline; a changed one does not', async () => {
    const archive = join(dir, 'archive.tar');
    // The shell's redirection, as the documented command line has it: the CLI writes raw bytes.
    const exported = await run(
      [
        '-e',
        `require('node:child_process').execFileSync(process.execPath, ['bin/opendpp.js', 'backup', 'export', '--workspace', ${JSON.stringify(workspace.id)}], { stdio: ['ignore', require('node:fs').openSync(${JSON.stringify(archive)}, 'w'), 'inherit'] })`,
      ],
      { OPENDPP_URL: url, PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN },
    );
    expect(exported.code, exported.stderr).toBe(0);
    const bytes = readFileSync(archive);
    expect(bytes.subarray(257, 263).toString('latin1')).toBe('ustar\0');

    const verified = await run(['bin/opendpp.js', 'backup', 'verify', archive]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({
      valid: true,
      passports: 1,
      versions: 1,
      problems: [],
    });

    const at = bytes.indexOf('"originCountry":"DE"');
    expect(at).toBeGreaterThan(0);
    const changed = Buffer.from(bytes);
    changed.write('FR', at + '"originCountry":"'.length, 'latin1');
    const changedPath = join(dir, 'changed.tar');
    writeFileSync(changedPath, changed);
    const refused = await run(['bin/opendpp.js', 'backup', 'verify', changedPath]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).valid).toBe(false);
  });
});
