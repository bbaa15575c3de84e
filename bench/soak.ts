// `npm run soak`: the node on PostgreSQL and Redis, on loopback, under a bounded mixed load for
// SOAK_SECONDS (default 600): public resolution, telemetry ingest and authenticated reads at
// SOAK_RATE requests a second in total (default 60) from SOAK_CONCURRENCY loops. It reports per
// kind the count, errors and p50/p95/p99 latency, samples the server's memory every
// SOAK_SAMPLE_SECONDS, and exits 1 on any error (any answer but 2xx/304) or when the server's RSS
// at the end exceeds the RSS after the warm-up by more than SOAK_RSS_BOUND_MIB (default 64; the
// reason is in docs/deployment.md, "Soak and fleet runs"). The database is made for the run and
// dropped after it (SOAK_KEEP_DATABASE=1 keeps it).
import { freshDatabase } from './lib/fresh-database.ts';
import { Latencies, printSummary } from './lib/latency.ts';
import { seedWorkspace } from './lib/seed.ts';
import { type Memory, startNode } from './lib/served.ts';
import { type Kind, soakKinds } from './soak-kinds.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = env('SOAK_SECONDS', 600);
const WARMUP_SECONDS = env('SOAK_WARMUP_SECONDS', Math.min(60, Math.round(SECONDS / 5)));
const RATE = env('SOAK_RATE', 60);
const CONCURRENCY = env('SOAK_CONCURRENCY', 16);
const SAMPLE_SECONDS = env('SOAK_SAMPLE_SECONDS', 5);
const RSS_BOUND_MIB = env('SOAK_RSS_BOUND_MIB', 64);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MIB = 1024 * 1024;

interface Sample {
  at: number;
  memory: Memory;
}

const mib = (bytes: number) => (bytes / MIB).toFixed(1);

/** Sends `pick()`'s requests at `RATE` a second in total until `end`, from CONCURRENCY loops. */
async function drive(pick: () => Kind, latencies: Latencies, start: number, end: number): Promise<void> {
  let sent = 0;
  const loop = async () => {
    for (;;) {
      // Request n is due at start + n / RATE: the rate holds whatever the latency, up to the loops.
      // A node that cannot keep up stops at `end` all the same, having served less.
      const due = start + (sent++ * 1000) / RATE;
      if (due >= end || performance.now() >= end) return;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const kind = pick();
      const began = performance.now();
      try {
        const response = await kind.send();
        await response.arrayBuffer();
        if ((response.status >= 200 && response.status < 300) || response.status === 304) {
          latencies.record(kind.name, performance.now() - began);
        } else latencies.fail(kind.name, `${response.status}`);
      } catch (error) {
        latencies.fail(kind.name, error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
}

async function main(): Promise<number> {
  const database = await freshDatabase('opendpp_soak');
  process.stdout.write(
    `OpenDPP soak: ${SECONDS}s at ${RATE} req/s (${CONCURRENCY} loops), warm-up ${WARMUP_SECONDS}s, ` +
      `database ${database.name}, Redis ${REDIS_URL}, node ${process.version}\n`,
  );
  const node = await startNode({ DATABASE_URL: database.url, REDIS_URL });
  const samples: Sample[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    const seeded = await seedWorkspace(node.url, { passports: 20, unitsPerPassport: 200 });
    process.stdout.write(
      `seeded: ${seeded.passports.length} passports, ${seeded.units.length} units (server pid ${node.pid})\n`,
    );
    const pick = soakKinds(node.url, seeded);
    const latencies = new Latencies();
    const start = performance.now();
    const end = start + SECONDS * 1000;
    const sample = async () =>
      samples.push({ at: (performance.now() - start) / 1000, memory: await node.memory() });
    await sample();
    sampler = setInterval(() => void sample().catch(() => undefined), SAMPLE_SECONDS * 1000);
    const warmupEnd = start + WARMUP_SECONDS * 1000;
    let afterWarmup: Memory | undefined;
    const warmupMark = setTimeout(() => {
      void node.memory(true).then((memory) => {
        afterWarmup = memory;
      });
    }, warmupEnd - start);
    await drive(pick, latencies, start, end);
    clearTimeout(warmupMark);
    clearInterval(sampler);
    const atEnd = await node.memory(true);
    const elapsed = (performance.now() - start) / 1000;

    printSummary(`Load over ${elapsed.toFixed(0)} s (warm-up included)`, latencies.summary(), elapsed);
    process.stdout.write('\nServer memory (MiB), sampled every few seconds\n');
    process.stdout.write(
      `  ${'t s'.padStart(6)} ${'rss'.padStart(8)} ${'heapUsed'.padStart(9)} ${'heapTotal'.padStart(9)} ${'external'.padStart(9)}\n`,
    );
    for (const { at, memory } of samples) {
      process.stdout.write(
        `  ${at.toFixed(0).padStart(6)} ${mib(memory.rss).padStart(8)} ${mib(memory.heapUsed).padStart(9)} ${mib(memory.heapTotal).padStart(9)} ${mib(memory.external).padStart(9)}\n`,
      );
    }
    if (!afterWarmup) throw new Error('no memory sample after the warm-up');
    const growth = (atEnd.rss - afterWarmup.rss) / MIB;
    const heapGrowth = (atEnd.heapUsed - afterWarmup.heapUsed) / MIB;
    process.stdout.write(
      `\nAfter a full GC: RSS ${mib(afterWarmup.rss)} MiB after warm-up, ${mib(atEnd.rss)} MiB at the end ` +
        `(${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MiB, bound +${RSS_BOUND_MIB}); ` +
        `heap used ${mib(afterWarmup.heapUsed)} → ${mib(atEnd.heapUsed)} MiB (${heapGrowth >= 0 ? '+' : ''}${heapGrowth.toFixed(1)})\n`,
    );
    let failed = false;
    if (latencies.errors > 0) {
      failed = true;
      process.stdout.write(
        `FAILED: ${latencies.errors} errors; first: ${latencies.firstErrors.join('; ')}\n`,
      );
    }
    if (growth > RSS_BOUND_MIB) {
      failed = true;
      process.stdout.write(`FAILED: RSS grew by ${growth.toFixed(1)} MiB, more than ${RSS_BOUND_MIB} MiB\n`);
    }
    if (!failed) process.stdout.write('PASSED: no error, memory within bound\n');
    return failed ? 1 : 0;
  } finally {
    clearInterval(sampler);
    await node.stop();
    if (process.env.SOAK_KEEP_DATABASE !== '1') await database.drop();
  }
}

process.exit(await main());
