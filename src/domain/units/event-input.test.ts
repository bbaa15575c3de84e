import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOUNDS, checkEvent, MAX_CLOCK_SKEW_MS } from './event-input.ts';

const NOW = new Date('2026-01-01T00:00:00Z');

describe('checkEvent', () => {
  it('accepts every in-bound value and refuses every out-of-bound one with the contract message', () => {
    for (const [field, lo, hi] of BOUNDS) {
      fc.assert(
        fc.property(fc.double({ noNaN: true }), (value) => {
          const result = checkEvent({ eventType: 'OTHER', [field]: value }, NOW);
          const inside = Number.isFinite(value) && value >= lo && value <= hi;
          if (inside) return result.ok;
          return !result.ok && result.message === `${field} must be a number between ${lo} and ${hi}`;
        }),
      );
    }
  });

  it('truncates cycleCount and never stores -0', () => {
    const result = checkEvent({ eventType: 'CHARGE_CYCLE', cycleCount: 0.9 }, NOW);
    expect(result.ok && Object.is(result.event.cycleCount, 0)).toBe(true);
  });

  it('keeps only object and array payloads', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (payload) => {
        const result = checkEvent({ eventType: 'OTHER', payload }, NOW);
        const kept = typeof payload === 'object' && payload !== null;
        return result.ok && (kept ? result.event.payload === payload : result.event.payload === null);
      }),
    );
  });

  it('defaults recordedAt to now and refuses dates a timestamp cannot hold', () => {
    const result = checkEvent({ eventType: 'OTHER' }, NOW);
    expect(result.ok && result.event.recordedAt).toBe(NOW);
    for (const recordedAt of ['-010000-01-01T00:00:00Z', '', 'soon', 5]) {
      expect(checkEvent({ eventType: 'OTHER', recordedAt }, NOW)).toEqual({
        ok: false,
        message: 'recordedAt is not a valid date',
      });
    }
  });

  it('accepts a reading up to 24 hours ahead of the server clock and refuses one further ahead', () => {
    const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
    expect(checkEvent({ eventType: 'OTHER', recordedAt: at(MAX_CLOCK_SKEW_MS) }, NOW).ok).toBe(true);
    for (const recordedAt of [at(MAX_CLOCK_SKEW_MS + 1), '9999-12-31T23:59:59Z']) {
      expect(checkEvent({ eventType: 'OTHER', recordedAt }, NOW)).toEqual({
        ok: false,
        message: 'recordedAt must not be more than 24 hours ahead of the server time',
      });
    }
  });
});
