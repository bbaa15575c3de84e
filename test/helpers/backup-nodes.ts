// A second node for backup tests: an origin on a store of its own (an in-memory PGlite, or a scratch
// PostgreSQL database beside the test one), so its passports, seal CA and keys are not the host's.
// Beside it: a host answering on loopback under its own base URL, a stand-in target that answers
// what a test tells it, and a document sealed under a CA of the test's own (another partner's).
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/context.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { withoutAnnotations } from '../../src/domain/backup/version-hash.ts';
import type { SealFixture } from '../../src/domain/seal/fixtures.ts';
import { sealDocument } from '../../src/domain/seal/index.ts';
import { bearer, testApp, testConfig } from './app.ts';
import { testDatabaseUrl } from './db.ts';
import { checkResponses } from './response-check.ts';
import { type ScratchDatabase, scratchDatabase } from './scratch-database.ts';
import type { SealedDocument } from './seals.ts';
import { createSealedPassport } from './seals.ts';

export const ORIGIN_URL = 'https://dpp.origin.example.test';

export interface OriginNode {
  app: App;
  /** The origin's own store: the backup worker of a test runs on it. */
  db: Database['db'];
  caPem: string;
  close(): Promise<void>;
}

export async function originNode(env: Record<string, string> = {}): Promise<OriginNode> {
  const serverUrl = await testDatabaseUrl();
  let scratch: ScratchDatabase | undefined;
  let database: Database;
  if (serverUrl) {
    scratch = await scratchDatabase(serverUrl, 'backup_origin');
    database = await openDatabase({ databaseUrl: scratch.url });
  } else {
    database = await openDatabase({ inMemory: true });
  }
  const config = testConfig({ PUBLIC_BASE_URL: ORIGIN_URL, ...env });
  const app = await buildApp({ config, db: database.db, instrument: checkResponses });
  const ca = await app.inject({ method: 'GET', url: '/.well-known/opendpp-seal-ca.pem' });
  if (ca.statusCode !== 200) throw new Error(`the origin serves no seal CA: ${ca.statusCode}`);
  return {
    app,
    db: database.db,
    caPem: ca.body,
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

/**
 * A passport sealed on the origin, as its owner read answers it, without the read's annotations
 * (`versionHash`, `backupUri`, `backup`): the sealed document an origin pushes (docs/backup.md).
 */
export async function sealedOnOrigin(app: App, token: string): Promise<SealedDocument> {
  const sealed = await createSealedPassport(app, token);
  const read = await app.inject({
    method: 'GET',
    url: `/api/v1/passports/${sealed.id}`,
    headers: bearer(token),
  });
  if (read.statusCode !== 200) throw new Error(`owner read failed: ${read.body}`);
  const body = read.json();
  return withoutAnnotations(body.passport ?? body) as SealedDocument;
}

/** A server on loopback: its URL is known before the handler behind it is. */
async function loopbackServer(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export interface ListeningHost {
  app: App;
  /** The host's PUBLIC_BASE_URL, which is also where it answers: the copies' `uri` names it. */
  url: string;
  close(): Promise<void>;
}

/**
 * A host on the test store answering on loopback, with its PUBLIC_BASE_URL set to that address (as a
 * real host's base URL is where origins reach it): the port is taken first, then the app is built.
 */
export async function listeningHost(env: Record<string, string> = {}): Promise<ListeningHost> {
  let app: App | undefined;
  const server = await loopbackServer((request, response) => {
    if (app) app.routing(request, response);
    else response.writeHead(503).end();
  });
  const built = await testApp({ env: { PUBLIC_BASE_URL: server.url, ...env } });
  await built.ready();
  app = built;
  return {
    app: built,
    url: server.url,
    close: async () => {
      await server.close();
      await built.close();
    },
  };
}

export interface StandInTarget {
  url: string;
  /** The PUTs received, with their headers. */
  received: { url: string; headers: IncomingMessage['headers'] }[];
  /** What it answers a PUT to `path`: a status and a JSON body. */
  answer: (path: string) => { status: number; body: unknown };
  close(): Promise<void>;
}

/** A backup target that reads each push and answers what the test's `answer` says. */
export async function standInTarget(): Promise<StandInTarget> {
  const target: StandInTarget = {
    url: '',
    received: [],
    answer: () => ({ status: 503, body: {} }),
    close: async () => undefined,
  };
  const server = await loopbackServer((request, response) => {
    request.resume();
    request.on('end', () => {
      target.received.push({ url: request.url ?? '', headers: request.headers });
      const { status, body } = target.answer(request.url ?? '');
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  target.url = server.url;
  target.close = server.close;
  return target;
}

/**
 * Another partner's forgery: the document with `changes`, sealed afresh by a key of `signer`'s own
 * CA as `version` of the same passport id.
 */
export async function resealed(
  document: SealedDocument,
  signer: SealFixture,
  version: number,
  changes: Record<string, unknown> = {},
): Promise<SealedDocument> {
  const { digitalSeal: _seal, signingPublicKey: _key, proof: _proof, ...content } = document;
  const changed = { ...content, ...changes };
  const seal = await sealDocument(changed, {
    passportId: document.id,
    version,
    sealedAt: new Date(),
    key: signer.key,
    certificatePem: signer.certificatePem,
  });
  return { ...changed, ...seal } as unknown as SealedDocument;
}
