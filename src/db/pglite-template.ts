// Why a new embedded store starts fast: PGlite's first start on an empty data directory runs initdb
// inside WebAssembly, which takes seconds on a small machine, and always makes the same cluster for
// one PGlite version. So that cluster is made once per installation (at `npm install`, or by the
// first store opened without it), kept as a tarball, and each new store starts from a copy.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const NODE_MODULES = new URL('../../node_modules/', import.meta.url);

function pgliteVersion(): string {
  try {
    const manifest = readFileSync(new URL('@electric-sql/pglite/package.json', NODE_MODULES), 'utf8');
    return (JSON.parse(manifest) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

// Beside the packages it derives from, where tools keep such caches; `npm ci` starts it afresh.
export const TEMPLATE_FILE = join(
  fileURLToPath(new URL('.cache/opendpp/', NODE_MODULES)),
  `pglite-${pgliteVersion()}-cluster.tar.gz`,
);

/** True when `dataDir` holds no cluster yet (missing, or empty but for the lock file). */
export function isNewDataDir(dataDir: string, lockFile: string): boolean {
  if (!existsSync(dataDir)) return true;
  return readdirSync(dataDir).every((name) => name === lockFile);
}

/** Empties a directory that `isNewDataDir` found new, but for the lock file. */
export function clearNewDataDir(dataDir: string, lockFile: string): void {
  for (const name of readdirSync(dataDir)) {
    if (name !== lockFile) rmSync(join(dataDir, name), { recursive: true, force: true });
  }
}

export function discardTemplate(): void {
  rmSync(TEMPLATE_FILE, { force: true });
}

/** The kept cluster, or undefined when there is none yet. */
export function readTemplate(): Blob | undefined {
  try {
    return new Blob([readFileSync(TEMPLATE_FILE)]);
  } catch {
    return undefined;
  }
}

/** Keeps the cluster of a just-initialised PGlite (before any migration); best effort, atomic. */
export async function keepTemplate(fresh: PGlite): Promise<void> {
  try {
    const tarball = Buffer.from(await (await fresh.dumpDataDir('gzip')).arrayBuffer());
    mkdirSync(dirname(TEMPLATE_FILE), { recursive: true });
    const partial = `${TEMPLATE_FILE}.${process.pid}.partial`;
    writeFileSync(partial, tarball);
    renameSync(partial, TEMPLATE_FILE);
  } catch {
    // A read-only installation simply keeps paying for initdb.
  }
}

/** Makes the template if it is missing: `npm install` runs this once. */
export async function ensureTemplate(): Promise<void> {
  if (readTemplate()) return;
  const fresh = new PGlite();
  await fresh.waitReady;
  await keepTemplate(fresh);
  await fresh.close();
}
