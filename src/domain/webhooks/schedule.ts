// The retry schedule of webhook deliveries: the first attempt at once, then back-off delays that
// grow roughly fivefold, each with ±20 % jitter so that receivers coming back after an outage are
// not hit by every sender at the same instant. After the last delay's attempt fails, the event is
// `failed`. Nine attempts over about a day and a half.

export const RETRY_DELAYS_MS: readonly number[] = Object.freeze([
  10_000, // 10 s
  60_000, // 1 min
  5 * 60_000, // 5 min
  30 * 60_000, // 30 min
  2 * 3_600_000, // 2 h
  6 * 3_600_000, // 6 h
  12 * 3_600_000, // 12 h
  24 * 3_600_000, // 24 h
]);

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const JITTER = 0.2;

/**
 * The delay before the attempt after `attempt` (1-based) failed, or null when it was the last.
 * `random` is in [0, 1): 0.5 gives the nominal delay.
 */
export function retryDelay(attempt: number, random: number): number | null {
  const nominal = RETRY_DELAYS_MS[attempt - 1];
  if (nominal === undefined) return null;
  return Math.round(nominal * (1 - JITTER + 2 * JITTER * random));
}
