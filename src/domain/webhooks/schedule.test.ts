import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JITTER, MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelay } from './schedule.ts';

describe('the retry schedule', () => {
  it('grows, and stops after the last attempt', () => {
    for (let index = 1; index < RETRY_DELAYS_MS.length; index++) {
      expect(RETRY_DELAYS_MS[index]).toBeGreaterThan(RETRY_DELAYS_MS[index - 1] as number);
    }
    expect(retryDelay(MAX_ATTEMPTS, 0.5)).toBeNull();
    expect(retryDelay(1, 0.5)).toBe(RETRY_DELAYS_MS[0]);
  });

  it('keeps every delay within its jitter band', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_ATTEMPTS - 1 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, random) => {
          const nominal = RETRY_DELAYS_MS[attempt - 1] as number;
          const delay = retryDelay(attempt, random) as number;
          expect(delay).toBeGreaterThanOrEqual(Math.floor(nominal * (1 - JITTER)));
          expect(delay).toBeLessThanOrEqual(Math.ceil(nominal * (1 + JITTER)));
        },
      ),
    );
  });
});
