// Runs the service or the CLI as a real child process, the way a user starts them. Every child is
// remembered until it exits, so that a test file's `afterEach(stopProcesses)` stops what a failed or
// timed-out test left running: a leftover service would keep its data directory locked, and the
// next test would fail for that instead of its own reason.
import { type ChildProcess, spawn } from 'node:child_process';

/**
 * How long one process may take to start (the service: tsx loads the sources, the embedded store
 * opens and migrates) or, for `run`, to finish. Measured on a 2-core machine: 2–5 s when it is
 * quiet; over 60 s for a service boot when it was eight times oversubscribed (two suites, other
 * test runs and a type check at once; a bare PGlite took 36 s to open then). The budget is three
 * times that, so that only a process that is stuck fails for time. A test's own timeout is the sum
 * of the budgets of the processes it starts (see `processTimeout`): a backstop, seldom reached.
 */
export const PROCESS_BUDGET_MS = 180_000;

/** A test timeout for a test that starts `processes` processes one after another, plus its own work. */
export const processTimeout = (processes: number) => (processes + 1) * PROCESS_BUDGET_MS;

const live = new Map<ChildProcess, Promise<number | null>>();

/** The child's exit code once it has exited; until then it is among the live ones. */
function track(child: ChildProcess): Promise<number | null> {
  const exit = new Promise<number | null>((resolve) => {
    const done = (code: number | null) => {
      live.delete(child);
      resolve(code);
    };
    child.once('exit', (code) => done(code));
    // A process that could not be spawned never exits: it counts as gone.
    child.once('error', () => {
      if (child.pid === undefined) done(null);
    });
  });
  live.set(child, exit);
  return exit;
}

/** Kills every child still running (a test that failed half-way) and waits until each has exited. */
export async function stopProcesses(): Promise<void> {
  await Promise.all(
    [...live].map(([child, exit]) => {
      child.kill('SIGKILL');
      return exit;
    }),
  );
}

export interface RunningServer {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

export function startServer(
  env: Record<string, string>,
  startBudgetMs = PROCESS_BUDGET_MS,
): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'info',
      // One part of a boot may take as long as the whole boot (see testConfig in app.ts).
      PLUGIN_TIMEOUT_MS: String(PROCESS_BUDGET_MS),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = track(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = () => {
      settled = true;
      clearInterval(poll);
      clearTimeout(timer);
    };
    // A server that does not start in time is killed before the caller hears of it, so that it
    // cannot hold its data directory (or a port) for whatever runs next.
    const timer = setTimeout(() => {
      settle();
      child.kill('SIGKILL');
      void exit.then(() =>
        reject(new Error(`server did not start within ${startBudgetMs} ms:\n${out}\n${err}`)),
      );
    }, startBudgetMs);
    const poll = setInterval(() => {
      const match = /Server listening at (https?:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1]) {
        settle();
        resolve({ child, url: match[1], stdout: () => out, stderr: () => err, exit });
      }
    }, 50);
    void exit.then((code) => {
      if (settled) return;
      settle();
      reject(new Error(`server exited with ${code} before listening:\n${out}\n${err}`));
    });
  });
}

/** Stops a server with `signal` and waits for it to exit; answers its exit code. */
export async function stopServer(server: RunningServer, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exit;
}

/**
 * Runs a command to completion; for processes expected to stop on their own. One that is still
 * running after `budgetMs` is killed, and the run fails saying so.
 */
export async function run(args: string[], env: Record<string, string> = {}, budgetMs = PROCESS_BUDGET_MS) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = track(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, budgetMs);
  const code = await exit;
  clearTimeout(timer);
  if (timedOut)
    throw new Error(`${args.join(' ')} did not finish within ${budgetMs} ms:\n${stdout}\n${stderr}`);
  return { code, stdout, stderr };
}
