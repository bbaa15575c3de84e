import { describe, expect, it } from 'vitest';
import { mapBounded } from './bounded-map.ts';

describe('mapBounded', () => {
  it('answers in the order of the items, with at most `limit` calls under way', async () => {
    let running = 0;
    let most = 0;
    const waiting: (() => void)[] = [];
    const done = mapBounded([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => waiting.push(resolve));
      running -= 1;
      return item * 10;
    });
    // Released last first, so that the answers come back out of order.
    while (waiting.length > 0 || running > 0) {
      await Promise.resolve();
      waiting.pop()?.();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    expect(await done).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(most).toBe(3);
  });

  it('answers nothing for no items, and rejects with the first failure', async () => {
    expect(await mapBounded([], 8, async () => 1)).toEqual([]);
    await expect(
      mapBounded([1, 2], 8, async (item) => {
        if (item === 2) throw new Error('two');
        return item;
      }),
    ).rejects.toThrow('two');
  });
});
