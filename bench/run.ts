// `npm run bench`: each figure beside a baseline measured in the same run. PostgreSQL figures use
// BENCH_DATABASE_URL (default: the local server's `test` database) and are skipped, saying so,
// when it cannot be reached. Budgets are DESIGN.md's; they are reported, not asserted.
import pg from 'pg';
import { bareRoute, rawPrimaryKeyRead } from './lib/baselines.ts';
import { printRows, SECONDS } from './lib/measure.ts';
import { whoamiThroughput } from './whoami.ts';

const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  process.stdout.write(`OpenDPP benchmarks: ${SECONDS}s per figure, node ${process.version}\n`);
  const bare = await bareRoute();
  const stores: [string, string | undefined][] = [['PGlite', undefined]];
  if (await reachable(POSTGRES)) stores.push(['PostgreSQL', POSTGRES]);
  else process.stdout.write(`PostgreSQL at BENCH_DATABASE_URL not reachable: its figures are skipped\n`);

  for (const [store, url] of stores) {
    const raw = await rawPrimaryKeyRead(url);
    const whoami = await whoamiThroughput(url);
    printRows(`${store}`, [
      {
        name: 'raw primary-key read (2 KB jsonb)',
        value: raw,
        unit: 'req/s',
        baseline: 'bare route',
        baselineValue: bare,
      },
      {
        name: 'GET /api/v1/whoami',
        value: whoami,
        unit: 'req/s',
        baseline: 'bare route',
        baselineValue: bare,
      },
      {
        name: 'GET /api/v1/whoami',
        value: whoami,
        unit: 'req/s',
        baseline: 'raw PK read',
        baselineValue: raw,
        budget: 0.8,
      },
    ]);
  }
}

await main();
