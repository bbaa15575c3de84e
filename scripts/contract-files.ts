// The contract as the build sees it: the OpenAPI document the app generates, and the released
// contracts committed as contract/openapi-<version>.json.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { compareVersions, parseVersion, type Version } from '../src/domain/contract/semver.ts';

export const CONTRACT_DIR = fileURLToPath(new URL('../contract', import.meta.url));

// Fixed, so that the document does not depend on where it was generated.
const SNAPSHOT_BASE_URL = 'https://dpp.example';

/** The document GET /api/v1/openapi.json answers, from an app on a throwaway embedded store. */
export async function generateOpenApiDocument(): Promise<unknown> {
  const database = await openDatabase({ inMemory: true });
  try {
    const config = loadConfig({ PUBLIC_BASE_URL: SNAPSHOT_BASE_URL, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db: database.db, masterKey: new Uint8Array(32) });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`openapi.json answered ${response.statusCode}`);
      return response.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

export const snapshotName = (version: string): string => `openapi-${version}.json`;

const SNAPSHOT = /^openapi-(\d+\.\d+\.\d+)\.json$/;

export interface Snapshot {
  version: string;
  path: string;
}

/** Released contracts in `dir`, oldest first. */
export function listSnapshots(dir: string = CONTRACT_DIR): Snapshot[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const found: { version: Version; snapshot: Snapshot }[] = [];
  for (const name of names) {
    const text = SNAPSHOT.exec(name)?.[1];
    const version = text ? parseVersion(text) : null;
    if (text && version) found.push({ version, snapshot: { version: text, path: join(dir, name) } });
  }
  return found.sort((a, b) => compareVersions(a.version, b.version)).map((f) => f.snapshot);
}

export const readSnapshot = (snapshot: Snapshot): unknown => JSON.parse(readFileSync(snapshot.path, 'utf8'));
