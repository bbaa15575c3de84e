// `opendpp backup export` and `opendpp backup verify` as a user runs them: real processes, the export
// over the node's admin API of a node listening on loopback, the verification with no node at all,
// against the archive's own CA or one pinned with --ca.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeBackupArchive } from '../../src/domain/backup/archive.ts';
import { sealFixture } from '../../src/domain/seal/fixtures.ts';
import { ADMIN_TOKEN, BASE_URL, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { resealed } from '../helpers/backup-nodes.ts';
import { createOperator } from '../helpers/passports.ts';
import { processTimeout, run, stopProcesses } from '../helpers/process.ts';
import { createSealedPassport, type SealedDocument } from '../helpers/seals.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const dir = mkdtempSync(join(tmpdir(), 'opendpp-backup-'));
let url: string;
let workspace: TestWorkspace;
let sealed: SealedDocument;

const app = useTestApp();
beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  workspace = await createWorkspace(app);
  await createOperator(app, workspace);
  sealed = await createSealedPassport(app, workspace.token);
});
afterEach(stopProcesses);
afterAll(() => {
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

    const caFile = join(dir, 'ca.pem');
    writeFileSync(
      caFile,
      (await app.inject({ method: 'GET', url: '/.well-known/opendpp-seal-ca.pem' })).body,
    );
    const verified = await run(['bin/opendpp.js', 'backup', 'verify', archive, '--ca', caFile]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({
      valid: true,
      caPinned: true,
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

  it('trusts only the CA pinned with --ca: an archive bringing a CA of its own is invalid', async () => {
    const forger = await sealFixture();
    const forged = await resealed(sealed, forger, sealed.digitalSeal.version as number, {
      economicOperator: { ...(sealed.economicOperator as object), name: 'Forged Ltd' },
    });
    const archive = join(dir, 'forged.tar');
    writeFileSync(
      archive,
      writeBackupArchive({
        originBaseUrl: BASE_URL,
        workspaceId: workspace.id,
        createdAt: new Date(),
        caPem: forger.ca.certificatePem,
        passports: [{ id: sealed.id, productId: String(sealed.productId), versions: [forged] }],
      }),
    );
    const caFile = join(dir, 'origin-ca.pem');
    writeFileSync(
      caFile,
      (await app.inject({ method: 'GET', url: '/.well-known/opendpp-seal-ca.pem' })).body,
    );

    const pinned = await run(['bin/opendpp.js', 'backup', 'verify', archive, '--ca', caFile]);
    expect(pinned.code, pinned.stderr).toBe(1);
    const answer = JSON.parse(pinned.stdout);
    expect(answer).toMatchObject({ valid: false, caPinned: true });
    expect(answer.problems[0]).toMatchObject({ member: 'ca.pem' });

    const unpinned = await run(['bin/opendpp.js', 'backup', 'verify', archive]);
    expect(unpinned.code, unpinned.stderr).toBe(0);
    expect(JSON.parse(unpinned.stdout)).toMatchObject({ valid: true, caPinned: false });
    expect(unpinned.stderr).toMatch(/trusted the CA the archive brings \(ca\.pem\)/);

    const missing = await run(['bin/opendpp.js', 'backup', 'verify', archive, '--ca', join(dir, 'nope.pem')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nope\.pem/);
  });
});
