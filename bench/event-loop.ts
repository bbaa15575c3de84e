// DESIGN: "No request may block the event loop more than 50 ms, whatever its body within the
// route's limit", taken where it is cheapest to abuse: POST /api/v1/passports/validate-only-public,
// which anyone may call. One address sends its whole per-minute budget (10 requests) of the
// largest bodies the route accepts, each built to be a worst case (lib/worst-bodies.ts), back to
// back, while another connection asks /health over and over. The delay is the longest the server's
// own event loop waited during each request (monitorEventLoopDelay, lib/loop-delay-process.ts).
// Then the console's spreadsheet import, given the worst XLSX files within its 1 MiB upload limit
// (a sheet reaching column XFD and row 1000, and deflate bombs of 300 MiB, one whose zip directory
// says so and one whose directory lies): each must be refused with the loop held under 50 ms and
// the process's memory (RSS, sampled while the request runs) grown by under 100 MB.
// Runnable alone: `npm run bench:event-loop`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANONYMOUS_BODY_LIMIT } from '../src/http/body-limits.ts';
import { deflateBomb, sheetXml, withDeclaredSizes, xlsxWithSheet } from '../test/helpers/xlsx-files.ts';
import { type ConsoleMember, consoleMember } from './lib/console-member.ts';
import { percentile } from './lib/latency.ts';
import { capped, figure, printRows, type Row } from './lib/measure.ts';
import { type ServedNode, startNode } from './lib/served.ts';
import { worstBodies } from './lib/worst-bodies.ts';

const VALIDATOR = '/api/v1/passports/validate-only-public';
// The route's default budget, so the burst is what one address may really send in a minute.
const PER_MINUTE = 10;
const IDLE_SAMPLES = 200;

let asked = 0;

interface LoopSpan {
  /** Longest event-loop delay, ms. */
  maxMs: number;
  /** CPU time of the whole process (every thread), ms: an upper bound of the work itself. */
  cpuMs: number;
}

/** The node's loop delay and CPU time since the last question; `reset` starts a new span. */
function loopSpan(node: ServedNode, reset: boolean): Promise<LoopSpan> {
  const question = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no loop-delay answer within 10 s')), 10_000);
    const listen = (message: { loopAnswer?: number; maxMs?: number; cpuMs?: number }) => {
      if (message?.loopAnswer !== question) return;
      clearTimeout(timer);
      node.child.off('message', listen);
      resolve({ maxMs: message.maxMs ?? Number.NaN, cpuMs: message.cpuMs ?? Number.NaN });
    };
    node.child.on('message', listen);
    node.child.send({ loopDelay: question, reset });
  });
}

async function timedHealth(url: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${url}/health`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
  return performance.now() - start;
}

/** /health latencies, one request after another, until `done` resolves. */
async function pollHealth(url: string, done: Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  while (!finished) samples.push(await timedHealth(url));
  return samples;
}

async function validate(url: string, body: string): Promise<{ status: number; truncated: boolean }> {
  const response = await fetch(`${url}${VALIDATOR}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const answer = (await response.json()) as { truncated?: boolean };
  return { status: response.status, truncated: answer.truncated === true };
}

const MB = 1e6;

/** The worst spreadsheets an import can be sent, by what they are. */
async function worstSheets(): Promise<[string, Buffer][]> {
  const wide = await xlsxWithSheet(sheetXml({ XFD1: 'productId', A1000: '4006381333931' }, 'A1:XFD1000'));
  const bomb = await deflateBomb(300 * 1024 * 1024);
  const lying = withDeclaredSizes(await deflateBomb(300 * 1024 * 1024, 'cells'), 1_000);
  return [
    ['XLSX XFD1 + A1000', wide],
    ['XLSX 300 MiB cell', bomb],
    ['XLSX 300 MiB, sizes understated', lying],
  ];
}

/** The node's largest RSS, sampled until `done` resolves. */
async function peakRss(node: ServedNode, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  let peak = 0;
  while (!finished) peak = Math.max(peak, (await node.memory()).rss);
  return Math.max(peak, (await node.memory()).rss);
}

async function importSheet(url: string, member: ConsoleMember, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('_csrf', member.csrf);
  form.append('category', 'batteries');
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${url}/console/passports/import`, {
    method: 'POST',
    headers: { cookie: member.cookie },
    body: form,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Each worst sheet once: its loop delay and the growth of the process's memory while it ran. */
async function uploadFigures(node: ServedNode, idleDelay: number): Promise<Row[]> {
  const member = await consoleMember(node.url);
  const rows: Row[] = [];
  for (const [kind, bytes] of await worstSheets()) {
    const before = (await node.memory(true)).rss;
    await loopSpan(node, true);
    const answered = importSheet(node.url, member, 'sheet.xlsx', bytes);
    const [status, peak] = await Promise.all([answered, peakRss(node, answered)]);
    const span = await loopSpan(node, false);
    if (status !== 400 && status !== 413) throw new Error(`${kind}: the import answered ${status}`);
    rows.push(
      capped(
        `${kind} (${Math.round(bytes.length / 1024)} KiB): loop delay`,
        span.maxMs,
        'ms',
        '/health at rest',
        idleDelay,
        50,
      ),
      capped(`${kind}: memory growth`, (peak - before) / MB, 'MB', 'RSS before it', before / MB, 100),
    );
  }
  return rows;
}

export async function eventLoopFigures(): Promise<Row[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'opendpp-bench-loop-'));
  const node = await startNode(
    { DATA_DIR: dataDir, RATE_LIMIT_PUBLIC_VALIDATOR: String(PER_MINUTE) },
    new URL('./lib/loop-delay-process.ts', import.meta.url),
  ).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    // At rest: the same measures around requests that do almost nothing.
    for (let i = 0; i < 20; i++) await timedHealth(node.url);
    await loopSpan(node, true);
    const idle: number[] = [];
    for (let i = 0; i < IDLE_SAMPLES; i++) idle.push(await timedHealth(node.url));
    const idleDelay = (await loopSpan(node, true)).maxMs;
    idle.sort((a, b) => a - b);

    const bodies = worstBodies(ANONYMOUS_BODY_LIMIT);
    const spans = new Map<string, LoopSpan>();
    let finishBurst = () => {};
    const burstDone = new Promise<void>((resolve) => {
      finishBurst = resolve;
    });
    const health = pollHealth(node.url, burstDone);
    try {
      for (let i = 0; i < PER_MINUTE; i++) {
        const { kind, body } = bodies[i % bodies.length] as (typeof bodies)[number];
        await loopSpan(node, true);
        const answer = await validate(node.url, body);
        const span = await loopSpan(node, false);
        if (answer.status !== 200) throw new Error(`${kind}: ${VALIDATOR} answered ${answer.status}`);
        // A body that did not reach the checks' limits would not be the worst case it claims to be.
        if (!answer.truncated) throw new Error(`${kind}: the report was not truncated`);
        const before = spans.get(kind);
        spans.set(kind, {
          maxMs: Math.max(before?.maxMs ?? 0, span.maxMs),
          cpuMs: Math.max(before?.cpuMs ?? 0, span.cpuMs),
        });
      }
    } finally {
      finishBurst();
    }
    const during = (await health).sort((a, b) => a - b);
    // The budget is the bound the burst relies on: one more request must be refused.
    const extra = await validate(node.url, bodies[0]?.body ?? '{}');
    if (extra.status !== 429) throw new Error(`request ${PER_MINUTE + 1} answered ${extra.status}, not 429`);

    const uploads = await uploadFigures(node, idleDelay);
    const size = `${Math.round(ANONYMOUS_BODY_LIMIT / 1024)} KiB`;
    return [
      ...[...spans].flatMap(([kind, span]) => [
        capped(`${size} ${kind}: loop delay`, span.maxMs, 'ms', '/health at rest', idleDelay, 50),
        // Beside the delay, for information: CPU time counts every thread of the process (the
        // collector's and the compiler's too), so it is no measure of the 50 ms budget, which is
        // about how long the loop is held.
        figure(`${size} ${kind}: CPU time (all threads)`, span.cpuMs, 'ms', 'its loop delay', span.maxMs),
      ]),
      capped(
        `/health p99 during ${PER_MINUTE} of them (${during.length} asked)`,
        percentile(during, 99),
        'ms',
        '/health p99 at rest',
        percentile(idle, 99),
        100,
      ),
      ...uploads,
    ];
  } finally {
    await node.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export const EVENT_LOOP_TITLE =
  'Event loop: the public validator and the console import, worst-case bodies (embedded store)';

if (import.meta.url === `file://${process.argv[1]}`) printRows(EVENT_LOOP_TITLE, await eventLoopFigures());
