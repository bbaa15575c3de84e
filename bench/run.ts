// `npm run bench`: each figure beside a baseline measured in the same run. PostgreSQL figures use
// BENCH_DATABASE_URL, else a database created for the run on the local server (BENCH_SERVER_URL)
// and dropped after it, and are skipped, saying so, when neither can be reached. A database of its
// own keeps the figures from depending on what earlier runs and tests left: a table grown to
// millions of rows makes every insert touch pages no checkpoint has written yet. Budgets are DESIGN.md's; they are reported, not asserted.
import pg from 'pg';
import { carrierFigures } from './carriers.ts';
import { credentialFigures } from './credentials.ts';
import { EVENT_LOOP_TITLE, eventLoopFigures } from './event-loop.ts';
import { bareRoute, rawPrimaryKeyRead } from './lib/baselines.ts';
import { type FreshDatabase, freshDatabase, SERVER_URL } from './lib/fresh-database.ts';
import { figure, printRows, SECONDS } from './lib/measure.ts';
import { outboxFigures } from './outbox.ts';
import { passportThroughput } from './passports.ts';
import { passportReadFigures } from './reads.ts';
import { resolutionFigures } from './resolution.ts';
import { sealFigures } from './seal.ts';
import { unitFigures } from './units.ts';
import { whoamiThroughput } from './whoami.ts';

const GIVEN_DATABASE = process.env.BENCH_DATABASE_URL;

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

const perSecond = (name: string, value: number, baseline: string, baselineValue: number, budget?: number) =>
  figure(name, value, 'req/s', baseline, baselineValue, budget);

async function main(): Promise<void> {
  process.stdout.write(`OpenDPP benchmarks: ${SECONDS}s per figure, node ${process.version}\n`);
  const stores: [string, string | undefined][] = [['PGlite', undefined]];
  let fresh: FreshDatabase | undefined;
  if (GIVEN_DATABASE !== undefined) {
    if (await reachable(GIVEN_DATABASE)) stores.push(['PostgreSQL', GIVEN_DATABASE]);
  } else if (await reachable(SERVER_URL)) {
    fresh = await freshDatabase('opendpp_bench');
    stores.push(['PostgreSQL', fresh.url]);
  }
  if (stores.length === 1) {
    process.stdout.write(
      'PostgreSQL not reachable (BENCH_DATABASE_URL, BENCH_SERVER_URL): its figures are skipped\n',
    );
  }
  try {
    await measure(stores);
  } finally {
    await fresh?.drop();
  }
  printRows('Seals', await sealFigures());
  printRows('Data carriers', await carrierFigures());
  printRows(EVENT_LOOP_TITLE, await eventLoopFigures());
}

async function measure(stores: [string, string | undefined][]): Promise<void> {
  for (const [store, url] of stores) {
    // The bare route is measured for each store, next to the figures it judges: on a shared
    // machine the rate drifts over the minutes a run takes.
    const bare = await bareRoute();
    const raw = await rawPrimaryKeyRead(url);
    const whoami = await whoamiThroughput(url);
    const passports = await passportThroughput(url);
    const reads = await passportReadFigures(url);
    const resolution = await resolutionFigures(url);
    printRows(store, [
      perSecond('raw primary-key read (2 KB jsonb)', raw, 'bare route', bare),
      perSecond('GET /api/v1/whoami', whoami, 'raw PK read', raw, 0.8),
      perSecond('POST /api/v1/passports (create)', passports.create, 'bare route', bare),
      perSecond('POST /api/v1/passports (create)', passports.create, 'raw PK read', raw),
      // The passport, audit and outbox rows inserted raw in one transaction (bench/passport-baselines.ts).
      perSecond(
        'POST /api/v1/passports (create)',
        passports.create,
        'raw create, same rows',
        passports.rawCreate,
        0.25,
      ),
      // Judged against the raw read of a row of its own size (below), not of the 2 KB row.
      perSecond('GET /api/v1/passports/{id} (read)', reads.owner, 'raw PK read', raw),
      // Medians of three rounds in turn with the raw read of the same size (bench/reads.ts).
      perSecond('raw PK read, battery passport size', reads.raw, 'bare route', bare),
      perSecond('GET /api/v1/passports/{id} (read)', reads.owner, 'raw read, same size', reads.raw, 0.8),
      perSecond('GET /passport/{id} public, uncached', reads.uncached, 'raw read, same size', reads.raw, 0.8),
      // Medians of three rounds in turn with the bare routes (bench/resolution.ts).
      perSecond('GET /passport/{id} public, warm', resolution.warm, 'bare route', resolution.bare),
      // A passport's worth of bytes from a route that does nothing else: what is left is the node's
      // own work, bound by the framework's pipeline (docs/scaling.md). Information: the budget is
      // the read through the cache in front, below.
      perSecond(
        'GET /passport/{id} public, warm',
        resolution.warm,
        'bare route, same bytes',
        resolution.bareBattery,
      ),
      // The reference nginx cache (deploy/nginx/) in front of the node, against the same nginx
      // serving the very bytes as a static file: what a provider without a node would publish.
      perSecond(
        'GET /passport/{id} through the nginx cache',
        resolution.cached,
        'nginx static file, same bytes',
        resolution.staticFile,
        0.8,
      ),
      perSecond(
        'GET /passport/{id} If-None-Match (304)',
        resolution.revalidated,
        'bare route 304',
        resolution.bare304,
      ),
    ]);
    printRows(`${store}: battery units`, await unitFigures(url));
    printRows(`${store}: webhook outbox`, await outboxFigures(url));
    printRows(`${store}: credential resolution`, await credentialFigures(url));
  }
}

await main();
