// `npm run bench:passport-scale`: do passport reads stay flat as the store grows? On PostgreSQL
// (SCALE_DATABASE_URL, default a fresh `opendpp_passport_scale` database on the local server, made
// and dropped by this script), it reads random passports of a read set of 10,000 full battery
// passports, first with 10,000 passports in the store and then with 1,000,000, and prints each
// figure at 1M beside the same figure at 10k (budget: no worse than 1.5× slower, i.e. ≥ 0.67).
//
// The 990,000 passports added for the second step carry a small document and a kept rendition
// each: they make the tables and indexes as large as a big deployment's without the hours of
// writing 8 KB documents, and the read set (the same documents at both sizes) keeps the work per
// read equal, so what changes between the steps is only the size of the store.
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { withCheckDigit } from '../src/domain/gs1/check-digit.ts';
import { benchApp, benchPassport } from './lib/app.ts';
import { figure, listen, printRows, requestsPerSecond } from './lib/measure.ts';

const SERVER = process.env.SCALE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'opendpp_passport_scale';
const READ_SET = Number(process.env.SCALE_READ_SET ?? 10_000);
const LARGE = Number(process.env.SCALE_PASSPORTS ?? 1_000_000);
const CHUNK = 100_000;

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const databaseUrl = () => {
  const url = new URL(SERVER);
  url.pathname = `/${DATABASE}`;
  return url.toString();
};

/** GTIN-14s no other passport of the run uses: a prefix per batch, then a counter. */
const gtins = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    withCheckDigit(`${prefix}${String(i).padStart(12 - prefix.length, '0')}`),
  );

async function measure(url: string, ids: string[], headers: Record<string, string>) {
  const pick = () => ids[randomInt(ids.length)];
  return {
    public: await requestsPerSecond({ url, makePath: () => `/passport/${pick()}` }),
    owner: await requestsPerSecond({ url, headers, makePath: () => `/api/v1/passports/${pick()}` }),
  };
}

async function main() {
  await onServer(`drop database if exists ${DATABASE}`);
  await onServer(`create database ${DATABASE}`);
  const bench = await benchApp(databaseUrl(), { renderCacheTtlMs: 0 });
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
  try {
    const model = await benchPassport(bench);
    // The read set: copies of the model passport (full battery document), each its own GTIN.
    const { rows } = await pool.query<{ id: string }>(
      `insert into passports (tenant_id, product_id, product_id_scheme, category, origin_country, operator_id,
         granularity, status, metadata)
       select tenant_id, g, product_id_scheme, category, origin_country, operator_id, granularity, status, metadata
       from passports, unnest($2::text[]) g where id = $1 returning id`,
      [model, gtins('81', READ_SET - 1)],
    );
    const ids = [model, ...rows.map((row) => row.id)];
    await pool.query('analyze');
    const url = await listen(bench.app);
    // Every passport of the read set is rendered once, so both steps read kept answers.
    for (const id of ids) {
      await bench.app.inject({ method: 'GET', url: `/passport/${id}` });
      await bench.app.inject({ method: 'GET', url: `/api/v1/passports/${id}`, headers: bench.headers });
    }
    process.stdout.write(`step 1: ${ids.length} passports\n`);
    const small = await measure(url, ids, bench.headers);

    // The filler is loaded with triggers off (the active-passport counter would otherwise update the
    // workspace row once per filler row); it is not counted against the plan.
    const filler = await pool.connect();
    await filler.query(`set session_replication_role = replica`);
    for (let done = ids.length, batch = 0; done < LARGE; done += CHUNK, batch += 1) {
      const count = Math.min(CHUNK, LARGE - done);
      await filler.query(
        `with made as (
           insert into passports (tenant_id, product_id, product_id_scheme, category, operator_id, status, metadata)
           select p.tenant_id, g, 'GTIN', 'batteries', p.operator_id, 'ACTIVE', '{"generalInformation":{}}'::jsonb
           from passports p, unnest($2::text[]) g where p.id = $1 returning tenant_id, id)
         insert into passport_renditions (tenant_id, passport_id, variant, stamp, etag, body)
         select tenant_id, id, 'public|application/ld+json|', 'filler', 'filler', '{}' from made`,
        [model, gtins(`9${String(batch).padStart(2, '0')}`, count)],
      );
      process.stdout.write(`  ${done + count} passports\n`);
    }
    filler.release(true);
    await pool.query('analyze');
    process.stdout.write(`step 2: ${LARGE} passports\n`);
    const large = await measure(url, ids, bench.headers);
    printRows(`Passport reads at ${LARGE} passports against ${ids.length} (random reads of ${ids.length})`, [
      figure(
        'GET /passport/{id} public, uncached',
        large.public,
        'req/s',
        `same at ${ids.length}`,
        small.public,
        0.67,
      ),
      figure(
        'GET /api/v1/passports/{id} (owner)',
        large.owner,
        'req/s',
        `same at ${ids.length}`,
        small.owner,
        0.67,
      ),
    ]);
  } finally {
    await pool.end();
    await bench.close();
    await onServer(`drop database if exists ${DATABASE}`);
  }
}

await main();
