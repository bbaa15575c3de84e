// The words of a failed boot. Errors print their stack; anything else thrown (PGlite throws its
// file system's errors as plain objects with a WASI errno) is described by its fields, and a failure
// of the embedded store whose cause is its disk names the data directory and the cause.
import { dataDirProblem } from './db/data-dir-check.ts';

// WASI errno numbers as PGlite's file system reports them, by the Node code of the same meaning.
const WASI_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  29: 'EIO',
  44: 'ENOENT',
  51: 'ENOSPC',
  63: 'EPERM',
  69: 'EROFS',
};
const DISK_CODES = new Set(['EACCES', 'EDQUOT', 'ENOSPC', 'EPERM', 'EROFS']);

function codeOf(error: unknown): string | undefined {
  for (
    let current = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 4;
    depth++
  ) {
    const { code, errno, cause } = current as { code?: unknown; errno?: unknown; cause?: unknown };
    // PostgreSQL's own words for a full disk (SQLSTATE 53100, disk_full).
    if (code === '53100') return 'ENOSPC';
    if (typeof code === 'string') return code;
    if (typeof errno === 'number' && !(current instanceof Error)) return WASI_ERRNO[errno];
    current = cause;
  }
  return undefined;
}

/** A thrown value in words: an Error's stack, else the plain fields of whatever was thrown. */
export function describeThrown(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  if (typeof error === 'object' && error !== null) {
    const fields = Object.entries(error as Record<string, unknown>)
      .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
      .map(([name, value]) => `${name}=${String(value)}`);
    return fields.length > 0 ? fields.join(' ') : JSON.stringify(error);
  }
  return String(error);
}

/**
 * The data directory's problem when opening the embedded store failed because of its disk (full,
 * read-only, not permitted), in words that name the directory; undefined for any other failure.
 */
export function diskProblem(error: unknown, dataDir: string): string | undefined {
  const code = codeOf(error);
  if (code === undefined || !DISK_CODES.has(code)) return undefined;
  return `${dataDirProblem(dataDir, code)} (${describeThrown(error).split('\n')[0]})`;
}
