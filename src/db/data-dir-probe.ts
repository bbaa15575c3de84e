// Whether the embedded store's data directory still takes writes. PGlite keeps running on a full or
// read-only disk (reads work, every write fails), so /health asks the directory itself: one page of
// zeros written, synced and removed. That is the write PostgreSQL makes when a table or its log
// grows, it leaves nothing behind in the database (no dead rows, no catalog churn on a store that
// has no autovacuum), and it names the cause in Node's words (ENOSPC, EROFS, EACCES).
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';

export const PROBE_FILE = 'opendpp.write-probe';
const PAGE = Buffer.alloc(8192);

/** Writes one page into `dir` and removes it; rejects with the file system's error when it cannot. */
export async function probeDataDirWrite(dir: string): Promise<void> {
  const file = join(dir, PROBE_FILE);
  const handle = await open(file, 'w');
  try {
    await handle.write(PAGE);
    await handle.sync();
  } finally {
    await handle.close().catch(() => {});
    await rm(file, { force: true }).catch(() => {});
  }
}
