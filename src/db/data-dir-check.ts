// Before the embedded store opens its data directory, the boot makes sure the directory exists and
// takes a write, and says in plain words what is wrong when it does not: Node's recursive mkdir
// reports a read-only parent as ENOENT, and PGlite reports a full disk as an object that prints as
// `[object Object]`.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { probeDataDirWrite } from './data-dir-probe.ts';

export class DataDirError extends Error {
  override name = 'DataDirError';
}

/** The cause of a file system failure on `dir`, in words, from Node's error code. */
export function dataDirProblem(dir: string, code: string | undefined): string {
  switch (code) {
    case 'EROFS':
      return `the data directory ${dir} is not writable: it is on a read-only file system`;
    case 'EACCES':
    case 'EPERM':
      return `the data directory ${dir} is not writable: permission denied`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `the disk holding the data directory ${dir} is full`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `the data directory ${dir} is not a directory`;
    default:
      return `the data directory ${dir} cannot be used (${code ?? 'unknown error'})`;
  }
}

/** Creates `dir` one level at a time, so that a refusal names its real cause. */
function createDir(dataDir: string, dir = dataDir): void {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) {
      const where = dir === dataDir ? '' : `: ${dir} is a file`;
      throw new DataDirError(`${dataDirProblem(dataDir, 'ENOTDIR')}${where}`);
    }
    return;
  }
  const parent = dirname(dir);
  if (parent !== dir) createDir(dataDir, parent);
  mkdirSync(dir);
}

/** Throws a DataDirError naming the cause when `dir` cannot be created or written. */
export async function checkDataDir(dir: string): Promise<void> {
  try {
    createDir(dir);
    await probeDataDirWrite(dir);
  } catch (error) {
    if (error instanceof DataDirError) throw error;
    throw new DataDirError(dataDirProblem(dir, (error as NodeJS.ErrnoException).code));
  }
}
