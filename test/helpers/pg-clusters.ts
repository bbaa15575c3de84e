// PostgreSQL clusters of a test's own: a primary made with initdb and a streaming replica made from
// it with `pg_basebackup -R`, each in a temporary directory on a port of its own, started and
// stopped with pg_ctl. PostgreSQL refuses to run as root: as root, the tools run as the `postgres`
// user (runuser), which owns the directory.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './nginx.ts';

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

/** The PostgreSQL programs' directory: pg_config's answer, or Debian's newest installed. */
async function binDir(): Promise<string> {
  try {
    return (await run('pg_config', ['--bindir'])).stdout.trim();
  } catch {
    const root = '/usr/lib/postgresql';
    const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    if (!versions[0]) throw new Error('PostgreSQL programs not found (pg_config, /usr/lib/postgresql)');
    return join(root, versions[0], 'bin');
  }
}

async function tool(name: string, args: string[]): Promise<string> {
  const program = join(await binDir(), name);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  const { stdout } = await run(file, argv, { timeout: 120_000 });
  return stdout;
}

export interface Cluster {
  port: number;
  dir: string;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  start(): Promise<void>;
  /** `fast`: open connections are ended at once, as a crash or a failover would. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
}

function cluster(root: string, name: string, port: number): Cluster {
  const dir = join(root, name);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`;
  return {
    port,
    dir,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: async () => {
      await tool('pg_ctl', ['start', '-w', '-D', dir, '-o', options, '-l', join(root, `${name}.log`)]);
    },
    stop: async (mode = 'fast') => {
      await tool('pg_ctl', ['stop', '-w', '-m', mode, '-D', dir]);
    },
  };
}

export interface PrimaryAndReplica {
  primary: Cluster;
  replica: Cluster;
  /** Stops both (whatever their state) and removes their directory. */
  remove(): Promise<void>;
}

/** A new primary and a streaming replica of it, both started. */
export async function primaryAndReplica(): Promise<PrimaryAndReplica> {
  const root = await mkdtemp(join(tmpdir(), 'opendpp-replica-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(root, Number(stdout.trim()), Number(group.trim()));
  }
  const primary = cluster(root, 'primary', await freePort());
  const replica = cluster(root, 'replica', await freePort());
  const remove = async () => {
    for (const node of [replica, primary]) await node.stop('immediate').catch(() => {});
    await rm(root, { recursive: true, force: true });
  };
  try {
    await tool('initdb', ['-D', primary.dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await primary.start();
    await tool('pg_basebackup', [
      '-D',
      replica.dir,
      '-R',
      '-X',
      'stream',
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '--no-sync',
    ]);
    await replica.start();
    return { primary, replica, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
