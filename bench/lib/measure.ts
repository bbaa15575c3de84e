// Throughput of one HTTP target with autocannon, after a short warm-up, so every figure in a run
// is measured the same way on the same machine.
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export interface Target {
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** A body per request (unique keys for create benchmarks). Runs the load in this thread: functions
   * cannot cross into autocannon's worker; heavy routes make that overhead small. */
  makeBody?: () => string;
  /** A path per request (a random passport of many); runs in this thread like makeBody. */
  makePath?: () => string;
  /** Every answer is a 304 (a revalidation), which counts as answered. */
  notModified?: boolean;
}

async function fire(target: Target, duration: number, warmUp = false): Promise<number> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    ...(target.body ? { body: target.body } : {}),
    connections: CONNECTIONS,
    ...(target.makeBody || target.makePath
      ? {
          requests: [
            {
              setupRequest: (request: object) => ({
                ...request,
                ...(target.makeBody ? { body: target.makeBody() } : {}),
                ...(target.makePath ? { path: target.makePath() } : {}),
              }),
            },
          ],
        }
      : // The load generator gets its own thread, so it does not steal the event loop it measures.
        { workers: 1 }),
    duration,
  });
  // A warm-up on a loaded machine may finish no request within its second (a first render, a cold
  // pool); only failures count against it. The measured run must answer.
  const unexpected = target.notModified ? result.requests.total - result['3xx'] : result.non2xx;
  if (unexpected > 0 || result.errors > 0 || (!warmUp && result.requests.total === 0)) {
    throw new Error(`${target.url}: ${unexpected} unexpected answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

/** Requests per second (mean over the run), after a one-second warm-up. */
export async function requestsPerSecond(target: Target): Promise<number> {
  await fire(target, 1, true);
  return fire(target, SECONDS);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * The rate of each target as the median of `rounds` rounds taken in turn (every target once per
 * round): a figure and its baseline measured minutes apart on a shared machine would otherwise
 * differ by the machine's drift as much as by the work they compare.
 */
export async function alternatingRates<K extends string>(
  targets: Record<K, Target>,
  rounds = 3,
): Promise<Record<K, number>> {
  const entries = Object.entries(targets) as [K, Target][];
  const rates = new Map<K, number[]>(entries.map(([key]) => [key, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [key, target] of entries) rates.get(key)?.push(await requestsPerSecond(target));
  }
  return Object.fromEntries([...rates].map(([key, values]) => [key, median(values)])) as Record<K, number>;
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

export interface Row {
  name: string;
  value: number;
  unit: string;
  baseline: string;
  baselineValue: number;
  /** The least ratio to the baseline DESIGN allows. */
  budget?: number;
  /** The most DESIGN allows of the value itself, in its unit (a delay or a latency). */
  ceiling?: number;
}

function verdictOf(row: Row, ratio: number): string {
  if (row.ceiling !== undefined) {
    return `  (budget ≤ ${row.ceiling} ${row.unit}: ${row.value <= row.ceiling ? 'ok' : 'MISSED'})`;
  }
  if (row.budget === undefined) return '';
  return ratio >= row.budget ? `  (budget ≥ ${row.budget}: ok)` : `  (budget ≥ ${row.budget}: MISSED)`;
}

export function printRows(title: string, rows: Row[]): void {
  process.stdout.write(`\n${title}\n`);
  for (const row of rows) {
    const ratio = row.value / row.baselineValue;
    process.stdout.write(
      `  ${row.name.padEnd(44)} ${row.value.toFixed(0).padStart(8)} ${row.unit}  = ${ratio.toFixed(2)} × ${row.baseline} (${row.baselineValue.toFixed(0)})${verdictOf(row, ratio)}\n`,
    );
  }
}

/** A value DESIGN caps (a delay, a latency), beside the same measure at rest. */
export const capped = (
  name: string,
  value: number,
  unit: string,
  baseline: string,
  baselineValue: number,
  ceiling: number,
): Row => ({ name, value, unit, baseline, baselineValue, ceiling });

/** A figure beside its baseline, with DESIGN's budget where one applies. */
export const figure = (
  name: string,
  value: number,
  unit: string,
  baseline: string,
  baselineValue: number,
  budget?: number,
): Row => ({ name, value, unit, baseline, baselineValue, ...(budget === undefined ? {} : { budget }) });
