// A data directory the service cannot use stops the boot with one line that names the directory
// and the cause, not a stack trace of the first call that tripped over it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../helpers/process.ts';

const root = mkdtempSync(join(tmpdir(), 'opendpp-datadir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the service process on a data directory it cannot use', () => {
  it('says which directory and why, and exits 1', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a directory');
    const dataDir = join(file, 'data');
    const result = await run(['--import', 'tsx', 'src/server.ts'], { DATA_DIR: dataDir, PORT: '0' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `opendpp: the data directory ${dataDir} is not a directory: ${file} is a file`,
    );
  });
});
