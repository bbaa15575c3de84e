import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.ts';

describe('lockDataDir', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'opendpp-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('takes the directory, refuses a second owner while held, and frees it on release', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'opendpp.lock'), 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`pid ${process.pid}`);
    release();
    lockDataDir(dir)();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = freshDir();
    // Far above any pid the kernel hands out: certainly not alive.
    writeFileSync(join(dir, 'opendpp.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'opendpp.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('creates a missing directory', () => {
    const dir = join(freshDir(), 'nested', 'data');
    lockDataDir(dir)();
  });
});
