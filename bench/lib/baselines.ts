// Baselines measured in the same run as the figures they judge: a bare Fastify JSON route, and the
// same route reading one 2 KB jsonb row by primary key straight through the driver.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { categorySchemas } from '../../src/domain/categories/schemas/index.ts';
import { listen, requestsPerSecond } from './measure.ts';

const DOCUMENT = { id: 1, payload: 'x'.repeat(2_000) };
const BATTERY_PASSPORT = { id: 2, metadata: (categorySchemas.batteries.examples as unknown[])[0] };

/**
 * A Fastify route answering a constant: a tiny JSON object, (`battery`) a battery passport's document
 * as bytes, or given bytes (an answer of the node) with their content type.
 */
export async function bareServer(
  body: 'tiny' | 'battery' | { bytes: Buffer; type: string } = 'tiny',
): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify();
  const bytes = typeof body === 'object' ? body.bytes : Buffer.from(JSON.stringify(BATTERY_PASSPORT));
  const type = typeof body === 'object' ? body.type : 'application/ld+json; charset=utf-8';
  app.get('/bare', async (_request, reply) =>
    body === 'tiny' ? { success: true, hello: 'world' } : reply.type(type).send(bytes),
  );
  const url = await listen(app);
  return { url: `${url}/bare`, close: () => app.close() };
}

export async function bareRoute(body: 'tiny' | 'battery' = 'tiny'): Promise<number> {
  const server = await bareServer(body);
  try {
    return await requestsPerSecond({ url: server.url });
  } finally {
    await server.close();
  }
}

/**
 * A route reading one jsonb row by primary key per request, through `pg` or straight into PGlite:
 * the 2 KB document of DESIGN's budgets, (`battery`) a document the size of a battery passport's
 * metadata, or a given document (an answer of the node, to read the same bytes raw); ids 1 and 2
 * are the first two's.
 */
export async function rawReadServer(
  databaseUrl: string | undefined,
  document: 'small' | 'battery' | ({ id: number } & Record<string, unknown>) = 'small',
): Promise<{ url: string; close(): Promise<void> }> {
  const stored = document === 'small' ? DOCUMENT : document === 'battery' ? BATTERY_PASSPORT : document;
  const setup = 'create table if not exists bench_docs (id int primary key, doc jsonb not null)';
  const upsert = 'insert into bench_docs values ($2, $1) on conflict (id) do update set doc = excluded.doc';
  const select = 'select doc from bench_docs where id = $1';
  let read: () => Promise<unknown>;
  let closeStore: () => Promise<void>;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    await pool.query(setup);
    await pool.query(upsert, [JSON.stringify(stored), stored.id]);
    read = async () =>
      (await pool.query({ name: 'bench_read', text: select, values: [stored.id] })).rows[0]?.doc;
    closeStore = () => pool.end();
  } else {
    const client = new PGlite();
    await client.query(setup);
    await client.query(upsert, [JSON.stringify(stored), stored.id]);
    read = async () =>
      ((await client.query<{ doc: unknown }>(select, [stored.id])).rows[0] as { doc: unknown }).doc;
    closeStore = () => client.close();
  }
  const app = Fastify();
  app.get('/doc', read);
  const url = await listen(app);
  return {
    url: `${url}/doc`,
    async close() {
      await app.close();
      await closeStore();
    },
  };
}

/** The rate of rawReadServer's route, measured on its own. */
export async function rawPrimaryKeyRead(
  databaseUrl: string | undefined,
  document: Parameters<typeof rawReadServer>[1] = 'small',
): Promise<number> {
  const server = await rawReadServer(databaseUrl, document);
  try {
    return await requestsPerSecond({ url: server.url });
  } finally {
    await server.close();
  }
}
