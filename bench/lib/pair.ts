// Two tasks measured against each other in alternating slices after a warm-up, so load from
// elsewhere on the machine falls on both sides alike.
import { SECONDS } from './measure.ts';

export type Task = () => unknown;

const SLICE_MS = 200;

async function runFor(task: Task, ms: number): Promise<{ count: number; elapsed: number }> {
  const start = performance.now();
  const end = start + ms;
  let count = 0;
  while (performance.now() < end) {
    await task();
    count++;
  }
  return { count, elapsed: performance.now() - start };
}

/** Operations per second of `a` and of `b`. */
export async function pair(a: Task, b: Task): Promise<[number, number]> {
  await runFor(a, 500);
  await runFor(b, 500);
  const totals = [
    { count: 0, elapsed: 0 },
    { count: 0, elapsed: 0 },
  ] as [{ count: number; elapsed: number }, { count: number; elapsed: number }];
  const slices = Math.max(1, Math.round((SECONDS * 1000) / SLICE_MS));
  for (let i = 0; i < slices; i++) {
    for (const [side, task] of [a, b].entries()) {
      const slice = await runFor(task, SLICE_MS);
      const total = totals[side as 0 | 1];
      total.count += slice.count;
      total.elapsed += slice.elapsed;
    }
  }
  const rate = (t: { count: number; elapsed: number }) => (t.count * 1000) / t.elapsed;
  return [rate(totals[0]), rate(totals[1])];
}
