// /health on the embedded store: `read-only` (200, degraded) while its data directory refuses a
// write, `ok` when it takes one, and the write probe runs at most once per WRITE_PROBE_TTL_MS
// however many checks arrive. A data directory below a regular file refuses every write, the way a
// read-only or full disk does, without needing the privileges to mount one.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDataDir, DataDirError } from '../../src/db/data-dir-check.ts';
import { PROBE_FILE, probeDataDirWrite } from '../../src/db/data-dir-probe.ts';
import { storeHealth, WRITE_PROBE_TTL_MS } from '../../src/modules/service/store-health.ts';
import { testDatabase } from '../helpers/db.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const root = mkdtempSync(join(tmpdir(), 'opendpp-health-'));
const aFile = join(root, 'a-file');
writeFileSync(aFile, 'not a directory');
const unwritable = join(aFile, 'data');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const appProbing = (dir: string) => useTestApp({ probeStoreWrite: () => probeDataDirWrite(dir) });

describe('the store write probe', () => {
  const writable = mkdtempSync(join(root, 'data-'));
  // Built before the tests: the worker's store may still be starting, which takes long on a busy machine.
  const refusing = appProbing(unwritable);
  const taking = appProbing(writable);

  it('reports store: read-only with 200 and status degraded while the data directory refuses writes', async () => {
    const response = await refusing.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'degraded', checks: { store: 'read-only' } });
  });

  it('reports store: ok when the data directory takes the write, and leaves nothing behind', async () => {
    const response = await taking.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', checks: { store: 'ok' } });
    expect(existsSync(join(writable, PROBE_FILE))).toBe(false);
  });

  it('writes at most once per interval, however many checks arrive', async () => {
    const { db } = await testDatabase();
    const dir = mkdtempSync(join(root, 'data-'));
    let probes = 0;
    let now = 0;
    const check = storeHealth({
      db,
      probeWrite: () => {
        probes++;
        return probeDataDirWrite(dir);
      },
      remote: false,
      onFailure: () => {},
      now: () => now,
    });
    expect(await Promise.all(Array.from({ length: 20 }, () => check()))).toEqual(Array(20).fill('ok'));
    now += WRITE_PROBE_TTL_MS - 1;
    expect(await check()).toBe('ok');
    expect(probes).toBe(1);
    now += 1;
    expect(await check()).toBe('ok');
    expect(probes).toBe(2);
  });
});

describe('the data directory check at boot', () => {
  it('creates a missing directory, nested, and leaves no probe file', async () => {
    const dir = join(root, 'new', 'nested', 'data');
    await checkDataDir(dir);
    expect(existsSync(dir)).toBe(true);
    expect(existsSync(join(dir, PROBE_FILE))).toBe(false);
  });

  it('names the directory and the cause when it cannot be used', async () => {
    await expect(checkDataDir(unwritable)).rejects.toThrow(DataDirError);
    await expect(checkDataDir(aFile)).rejects.toThrow(`the data directory ${aFile} is not a directory`);
  });
});
