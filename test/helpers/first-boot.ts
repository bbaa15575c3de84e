// A node's first boot for tests: an empty embedded store of the test's own, bootstrapped as the
// server does it, with what the first boot prints read back from its output, the way a person
// copies the console address and the first owner's invitation from the terminal.
import { bootstrap, printFirstBootSecrets } from '../../src/bootstrap.ts';
import type { App } from '../../src/context.ts';
import { openDatabase } from '../../src/db/client.ts';
import { BASE_URL, bearer, type TestAppOptions, type TestWorkspace, testApp, testConfig } from './app.ts';

export interface FirstBoot {
  app: App;
  /** Everything the first boot printed. */
  printed: string;
  /** The printed one-time link that makes the demo workspace's first owner. */
  invitationUrl: string;
  /** The demo workspace, with the demo key printed for it. */
  demo: TestWorkspace;
  close(): Promise<void>;
}

/** What the printed line labelled `label` says after its colon. */
function printedValue(printed: string, label: string): string {
  const line = printed.split('\n').find((candidate) => candidate.trimStart().startsWith(label));
  const value = line?.slice(line.indexOf(':') + 1).trim();
  if (!value) throw new Error(`the first boot printed no "${label}" line:\n${printed}`);
  return value;
}

/** Reads what `print` writes to standard output. */
function captureStdout(print: () => void): string {
  const chunks: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }) as typeof process.stdout.write;
  try {
    print();
  } finally {
    process.stdout.write = write;
  }
  return chunks.join('');
}

export async function firstBoot(options: Omit<TestAppOptions, 'database'> = {}): Promise<FirstBoot> {
  const database = await openDatabase({ inMemory: true });
  const config = testConfig(options.env);
  const boot = await bootstrap(database, config, options.clock?.() ?? new Date());
  if (!boot.firstBootSecrets) throw new Error('the store was not empty: no first boot');
  const secrets = boot.firstBootSecrets;
  const printed = captureStdout(() => printFirstBootSecrets(secrets, BASE_URL));
  const app = await testApp({ ...options, database });
  const token = printedValue(printed, 'Demo API key');
  // The printed key is the workspace's only one at first boot.
  const keys = await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer(token) });
  return {
    app,
    printed,
    invitationUrl: printedValue(printed, 'First owner invitation'),
    demo: {
      id: printedValue(printed, 'Demo workspace').split(' ')[0] as string,
      subdomain: 'demo',
      token,
      keyId: String(keys.json().keys?.[0]?.id),
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
