// How long a test waits for something to happen, sized for a busy machine (two shared cores, several
// suites at once) rather than a quiet one: waiting longer costs nothing when the thing happens.

/**
 * How long a test waits for what a running service or a page does next (a log line, a delivery, a
 * page's script, Chromium's own actions): a second or two on a quiet machine; long enough for a busy
 * one, and within the suite's test timeout (120 s), so that a stuck wait fails with its own message.
 */
export const WAIT_BUDGET_MS = 90_000;
