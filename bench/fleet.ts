// `npm run fleet`: the unit view and public resolution on a workspace of 10k units, then on the same
// database grown to 1M units and 10M telemetry events, on PostgreSQL. Each phase measures every
// kind of read for FLEET_SECONDS (default 10) from FLEET_CONCURRENCY loops (default 8), each
// request on a unit drawn at random from a sample of the workspace's units, after a warm-up, in
// slices alternating with a baseline route that reads no store. The slowdown from 10k to 1M of the
// throughput relative to that baseline must stay within 1.5 (exit 1 otherwise, or on any error). The
// database is made for the run and dropped after it (FLEET_KEEP_DATABASE=1 keeps it).
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { EVENTS_PER_UNIT, type FleetTarget, grow } from './lib/fleet-grow.ts';
import { freshDatabase } from './lib/fresh-database.ts';
import { type KindSummary, Latencies } from './lib/latency.ts';
import { seedWorkspace } from './lib/seed.ts';
import { startNode } from './lib/served.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SMALL = env('FLEET_SMALL_UNITS', 10_000);
const LARGE = env('FLEET_LARGE_UNITS', 1_000_000);
const SECONDS = env('FLEET_SECONDS', 10);
const CONCURRENCY = env('FLEET_CONCURRENCY', 8);
const BUDGET = 1.5;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Sampled {
  id: string;
  passportId: string;
  serial: string;
  gtin: string;
}

interface Measured extends KindSummary {
  perSecond: number;
  /** The baseline's rate in the slices alternating with this read's. */
  baselinePerSecond: number;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

async function sampleUnits(url: string, target: FleetTarget, size: number): Promise<Sampled[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // tablesample reads a few pages, not the table: the sample comes from anywhere in the fleet.
    const rows = await client.query<{ id: string; passport_id: string; serial_number: string }>(
      `select id, passport_id, serial_number from battery_units tablesample system (least(100, $2::float))
        where tenant_id = $1 limit $3`,
      [target.tenantId, Math.max(0.01, (100 * size * 4) / (await countUnits(client))), size],
    );
    const gtinOf = new Map(target.passports.map((passport) => [passport.id, passport.gtin]));
    return rows.rows.map((row) => ({
      id: row.id,
      passportId: row.passport_id,
      serial: row.serial_number,
      gtin: gtinOf.get(row.passport_id) as string,
    }));
  } finally {
    await client.end();
  }
}

async function countUnits(client: pg.Client): Promise<number> {
  return Number((await client.query<{ n: string }>('select count(*) as n from battery_units')).rows[0]?.n);
}

type Read = (unit: Sampled) => { path: string; headers: Record<string, string>; expect: number };

function reads(token: string): [string, Read][] {
  const auth = { authorization: `Bearer ${token}` };
  return [
    ['unit view (JSON-LD)', (u) => ({ path: `/api/v1/units/${u.id}`, headers: auth, expect: 200 })],
    [
      'unit view page (SoH chart)',
      (u) => ({ path: `/api/v1/units/${u.id}`, headers: { ...auth, accept: 'text/html' }, expect: 200 }),
    ],
    [
      'unit telemetry list',
      (u) => ({ path: `/api/v1/units/${u.id}/events?limit=100`, headers: auth, expect: 200 }),
    ],
    [
      'units of a passport, first page',
      (u) => ({ path: `/api/v1/passports/${u.passportId}/units?limit=50`, headers: auth, expect: 200 }),
    ],
    [
      'public /unit/{id}',
      (u) => ({ path: `/unit/${u.id}`, headers: { accept: 'application/ld+json' }, expect: 200 }),
    ],
    [
      'public /unit/{id} page',
      (u) => ({ path: `/unit/${u.id}`, headers: { accept: 'text/html' }, expect: 200 }),
    ],
    [
      'public /01/{gtin}/21/{serial}',
      (u) => ({ path: `/01/${u.gtin}/21/${u.serial}`, headers: { accept: 'text/html' }, expect: 307 }),
    ],
    [
      'public /passport/{id}',
      (u) => ({ path: `/passport/${u.passportId}`, headers: { accept: 'application/ld+json' }, expect: 200 }),
    ],
  ];
}

/** Runs `read` from CONCURRENCY loops for `seconds`, adding to `latencies`. */
async function load(
  base: string,
  name: string,
  read: Read,
  units: Sampled[],
  seconds: number,
  latencies: Latencies,
) {
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const request = read(units[randomInt(units.length)] as Sampled);
        const began = performance.now();
        try {
          const response = await fetch(`${base}${request.path}`, {
            headers: request.headers,
            redirect: 'manual',
          });
          await response.arrayBuffer();
          if (response.status === request.expect) latencies.record(name, performance.now() - began);
          else latencies.fail(name, `${response.status} ${request.path}`);
        } catch (error) {
          latencies.fail(name, error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
}

// The baseline: a route that reads nothing from the store, measured in slices alternating with
// the read, so that load from elsewhere on the machine falls on both alike (as bench/lib/pair.ts).
const BASELINE: Read = () => ({ path: '/api/v1/version', headers: {}, expect: 200 });
const SLICE_SECONDS = 0.5;

async function measure(base: string, name: string, read: Read, units: Sampled[]): Promise<Measured> {
  await load(base, name, read, units, 1, new Latencies());
  await load(base, 'baseline', BASELINE, units, 1, new Latencies());
  const latencies = new Latencies();
  const baseline = new Latencies();
  let readTime = 0;
  let baselineTime = 0;
  for (let slice = 0; slice < SECONDS / SLICE_SECONDS; slice++) {
    let began = performance.now();
    await load(base, name, read, units, SLICE_SECONDS, latencies);
    readTime += performance.now() - began;
    began = performance.now();
    await load(base, 'baseline', BASELINE, units, SLICE_SECONDS, baseline);
    baselineTime += performance.now() - began;
  }
  const [summary] = latencies.summary() as [KindSummary];
  const [reference] = baseline.summary() as [KindSummary];
  if (latencies.errors + baseline.errors > 0) {
    log(`  errors in ${name}: ${[...latencies.firstErrors, ...baseline.firstErrors].join('; ')}`);
  }
  const perSecond = summary.count / (readTime / 1000);
  const baselinePerSecond = reference.count / (baselineTime / 1000);
  return { ...summary, errors: summary.errors + reference.errors, perSecond, baselinePerSecond };
}

async function phase(base: string, token: string, units: Sampled[]): Promise<Measured[]> {
  const results: Measured[] = [];
  for (const [name, read] of reads(token)) results.push(await measure(base, name, read, units));
  return results;
}

function printPhase(title: string, rows: Measured[]) {
  log(`\n${title}`);
  log(
    `  ${'read'.padEnd(34)} ${'req/s'.padStart(8)} ${'baseline'.padStart(9)} ${'errors'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  );
  for (const row of rows) {
    log(
      `  ${row.kind.padEnd(34)} ${row.perSecond.toFixed(0).padStart(8)} ${row.baselinePerSecond.toFixed(0).padStart(9)} ${String(row.errors).padStart(7)} ${row.p50.toFixed(1).padStart(8)} ${row.p99.toFixed(1).padStart(8)}`,
    );
  }
}

async function main(): Promise<number> {
  const database = await freshDatabase('opendpp_fleet');
  log(
    `OpenDPP fleet run: ${SMALL} then ${LARGE} units (${EVENTS_PER_UNIT} events each), ${SECONDS}s per read, database ${database.name}`,
  );
  const node = await startNode({ DATABASE_URL: database.url, REDIS_URL });
  try {
    const seeded = await seedWorkspace(node.url, { passports: 10, unitsPerPassport: 0 });
    const target: FleetTarget = { tenantId: seeded.tenantId, baseUrl: node.url, passports: seeded.passports };
    let began = performance.now();
    await grow(database.url, target, 1, SMALL, { rebuild: false, log });
    log(`built ${SMALL} units in ${((performance.now() - began) / 1000).toFixed(0)} s`);
    const small = await phase(node.url, seeded.token, await sampleUnits(database.url, target, 2_000));
    printPhase(`${SMALL} units, ${SMALL * EVENTS_PER_UNIT} events`, small);

    began = performance.now();
    await grow(database.url, target, SMALL + 1, LARGE, { rebuild: true, chunk: 100_000, log });
    log(`grew to ${LARGE} units in ${((performance.now() - began) / 1000).toFixed(0)} s`);
    const large = await phase(node.url, seeded.token, await sampleUnits(database.url, target, 2_000));
    printPhase(`${LARGE} units, ${LARGE * EVENTS_PER_UNIT} events`, large);

    log(
      `\nSlowdown from ${SMALL} to ${LARGE} units (budget ≤ ${BUDGET}× on the throughput relative to the baseline; raw is as measured)`,
    );
    let failed = false;
    for (const [index, row] of large.entries()) {
      const before = small[index] as Measured;
      const raw = before.perSecond / row.perSecond;
      const relative = before.perSecond / before.baselinePerSecond / (row.perSecond / row.baselinePerSecond);
      const ok = relative <= BUDGET && row.errors === 0 && before.errors === 0;
      failed ||= !ok;
      log(
        `  ${row.kind.padEnd(34)} ${relative.toFixed(2)}× (raw ${raw.toFixed(2)}×), p99 ${before.p99.toFixed(1)} → ${row.p99.toFixed(1)} ms  ${ok ? 'ok' : 'MISSED'}`,
      );
    }
    log(failed ? 'FAILED: a read is not flat, or errors' : 'PASSED: every read flat within budget');
    return failed ? 1 : 0;
  } finally {
    await node.stop();
    if (process.env.FLEET_KEEP_DATABASE !== '1') await database.drop();
  }
}

process.exit(await main());
