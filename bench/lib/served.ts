// Starts the node in its own process on loopback (bench/lib/node-process.ts) with the environment
// given, waits for /health, and samples the process's memory on request. Budgets are lifted the
// way bench/lib/app.ts lifts them: one load generator is one address.
import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:net';

export const ADMIN_TOKEN = 'bench-admin-token-0123456789';
export const MASTER_KEY = 'ab'.repeat(32);

export const LIFTED_BUDGETS = {
  RATE_LIMIT_AUTHENTICATED_IP: '1000000000',
  RATE_LIMIT_PUBLIC_RESOLUTION: '1000000000',
  RATE_LIMIT_ANONYMOUS: '1000000000',
  RATE_LIMIT_PUBLIC_VALIDATOR: '1000000000',
};

export interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

export interface ServedNode {
  url: string;
  pid: number;
  /** The node's process, for entries that answer questions of their own over IPC. */
  child: ChildProcess;
  memory(gc?: boolean): Promise<Memory>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

async function waitForHealth(url: string, child: ChildProcess, limitMs = 60_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`node exited with ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${url}/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`node at ${url} not healthy within ${limitMs} ms`);
}

/** `entry` is the child's module (default node-process.ts); it must end by importing node-process.ts. */
export async function startNode(
  env: Record<string, string>,
  entry: URL = new URL('./node-process.ts', import.meta.url),
): Promise<ServedNode> {
  const port = await freePort();
  const child = fork(entry, {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN,
      MASTER_KEY,
      LOG_LEVEL: 'warn',
      ...LIFTED_BUDGETS,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    // A node that never became healthy is stopped, not left running after the bench has ended.
    child.kill('SIGTERM');
    throw error;
  }
  // Each question carries a number and its answer names it, so concurrent samples never cross.
  let asked = 0;
  const waiting = new Map<number, (memory: Memory) => void>();
  child.on('message', (message: { answer: number; memory: Memory }) => {
    waiting.get(message.answer)?.(message.memory);
    waiting.delete(message.answer);
  });
  return {
    url,
    pid: child.pid as number,
    child,
    memory: (gc = false) =>
      new Promise<Memory>((resolve, reject) => {
        const question = ++asked;
        const timer = setTimeout(() => {
          waiting.delete(question);
          reject(new Error('no memory answer within 10 s'));
        }, 10_000);
        waiting.set(question, (memory) => {
          clearTimeout(timer);
          resolve(memory);
        });
        child.send({ memory: question, gc });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
