// Baselines measured in the same run as the figures they judge: a bare Fastify JSON route, and the
// same route reading one 2 KB jsonb row by primary key straight through the driver.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { listen, requestsPerSecond } from './measure.ts';

const DOCUMENT = { id: 1, payload: 'x'.repeat(2_000) };

export async function bareRoute(): Promise<number> {
  const app = Fastify();
  app.get('/bare', async () => ({ success: true, hello: 'world' }));
  const url = await listen(app);
  try {
    return await requestsPerSecond({ url: `${url}/bare` });
  } finally {
    await app.close();
  }
}

/** One 2 KB jsonb row by primary key per request, through `pg` or straight into PGlite. */
export async function rawPrimaryKeyRead(databaseUrl: string | undefined): Promise<number> {
  const setup = 'create table if not exists bench_docs (id int primary key, doc jsonb not null)';
  const upsert = 'insert into bench_docs values (1, $1) on conflict (id) do update set doc = excluded.doc';
  const select = 'select doc from bench_docs where id = $1';
  let read: () => Promise<unknown>;
  let close: () => Promise<void>;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    await pool.query(setup);
    await pool.query(upsert, [JSON.stringify(DOCUMENT)]);
    read = async () => (await pool.query({ name: 'bench_read', text: select, values: [1] })).rows[0]?.doc;
    close = () => pool.end();
  } else {
    const client = new PGlite();
    await client.query(setup);
    await client.query(upsert, [JSON.stringify(DOCUMENT)]);
    read = async () => ((await client.query<{ doc: unknown }>(select, [1])).rows[0] as { doc: unknown }).doc;
    close = () => client.close();
  }
  const app = Fastify();
  app.get('/doc', read);
  const url = await listen(app);
  try {
    return await requestsPerSecond({ url: `${url}/doc` });
  } finally {
    await app.close();
    await close();
  }
}
