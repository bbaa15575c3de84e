// A second node for backup tests: an origin on a store of its own (an in-memory PGlite, or a scratch
// PostgreSQL database beside the test one), so its passports, seal CA and keys are not the host's.
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { App } from '../../src/context.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { ADMIN_TOKEN, bearer, TEST_MASTER_KEY } from './app.ts';
import { testDatabaseUrl } from './db.ts';
import { checkResponses } from './response-check.ts';
import { type ScratchDatabase, scratchDatabase } from './scratch-database.ts';
import type { SealedDocument } from './seals.ts';
import { createSealedPassport } from './seals.ts';

export const ORIGIN_URL = 'https://dpp.origin.example.test';

export interface OriginNode {
  app: App;
  caPem: string;
  close(): Promise<void>;
}

export async function originNode(): Promise<OriginNode> {
  const serverUrl = await testDatabaseUrl();
  let scratch: ScratchDatabase | undefined;
  let database: Database;
  if (serverUrl) {
    scratch = await scratchDatabase(serverUrl, 'backup_origin');
    database = await openDatabase({ databaseUrl: scratch.url });
  } else {
    database = await openDatabase({ inMemory: true });
  }
  const config = loadConfig({
    PUBLIC_BASE_URL: ORIGIN_URL,
    PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    MASTER_KEY: TEST_MASTER_KEY,
  });
  const app = await buildApp({ config, db: database.db, instrument: checkResponses });
  const ca = await app.inject({ method: 'GET', url: '/.well-known/opendpp-seal-ca.pem' });
  if (ca.statusCode !== 200) throw new Error(`the origin serves no seal CA: ${ca.statusCode}`);
  return {
    app,
    caPem: ca.body,
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

/** A passport sealed on the origin, as its owner read answers it. */
export async function sealedOnOrigin(app: App, token: string): Promise<SealedDocument> {
  const sealed = await createSealedPassport(app, token);
  const read = await app.inject({
    method: 'GET',
    url: `/api/v1/passports/${sealed.id}`,
    headers: bearer(token),
  });
  if (read.statusCode !== 200) throw new Error(`owner read failed: ${read.body}`);
  const body = read.json();
  return (body.passport ?? body) as SealedDocument;
}
