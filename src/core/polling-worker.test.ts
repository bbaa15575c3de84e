import { describe, expect, it, vi } from 'vitest';
import { startPolling } from './polling-worker.ts';

describe('startPolling', () => {
  it('runs passes one at a time, in the order they were asked for', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    let calls = 0;
    const worker = startPolling({
      pass: async () => {
        const n = ++calls;
        order.push(`start ${n}`);
        if (n === 1) await new Promise<void>((resolve) => (release = resolve));
        order.push(`end ${n}`);
        return 0;
      },
      batch: 10,
      pollMs: false,
    });
    const first = worker.runOnce();
    const second = worker.runOnce();
    await vi.waitFor(() => expect(order).toEqual(['start 1']));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    await worker.stop();
  });

  it('goes again at once after a full batch, then waits for the poll interval', async () => {
    const attempted = [10, 10, 3, 10];
    let calls = 0;
    const worker = startPolling({
      pass: async () => attempted[calls++] ?? 0,
      batch: 10,
      pollMs: 3_600_000,
    });
    await vi.waitFor(() => expect(calls).toBe(3), { timeout: 30_000 });
    await worker.stop();
    // The short third batch sent the loop to its hour-long wait: no fourth pass came.
    expect(calls).toBe(3);
  });

  it('reports a failed pass and keeps polling', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const worker = startPolling({
      pass: async () => {
        calls++;
        if (calls === 1) throw new Error('database away');
        return 0;
      },
      batch: 10,
      pollMs: 1,
      onError: (error) => errors.push(error),
    });
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2), { timeout: 30_000 });
    await worker.stop();
    expect(errors).toHaveLength(1);
  });
});
