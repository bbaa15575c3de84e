// Throughput of a write workload: `workers` loops call `task` back to back for a fixed time, after a
// one-second warm-up; the figure is items (units, events) per second, not requests.
import { SECONDS } from './measure.ts';

export async function itemsPerSecond(
  workers: number,
  task: (worker: number) => Promise<number>,
): Promise<number> {
  const run = async (seconds: number) => {
    const end = performance.now() + seconds * 1000;
    let items = 0;
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        while (performance.now() < end) items += await task(worker);
      }),
    );
    return items;
  };
  await run(1);
  const start = performance.now();
  const items = await run(SECONDS);
  return items / ((performance.now() - start) / 1000);
}

/** `($1, $2, …), (…)` for `rows` rows of `columns` parameters: one multi-row INSERT. */
export function valuesList(rows: number, columns: number): string {
  return Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(', ')})`,
  ).join(', ');
}
