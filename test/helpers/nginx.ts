// An nginx of a test's own (Debian's `nginx` package): its prefix, pid, logs, temporary files and
// cache in a temporary directory, run as the current user, in front of the given upstreams with the
// reference configuration of deploy/nginx/opendpp-cache.conf and the upstreams of nginx.conf there
// (round robin, and one instance per browser for the console), and stopped (its directory removed)
// by stop(). Used by the HTTP cache instance test and by `npm run bench`.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The reference cache configuration, included as a deployment would include it. */
export const CACHE_CONF = fileURLToPath(new URL('../../deploy/nginx/opendpp-cache.conf', import.meta.url));

export interface Nginx {
  /** http://127.0.0.1:<port> of the cache server. */
  url: string;
  /** http://127.0.0.1:<port> of the static-file server, when `staticRoot` was given. */
  staticUrl?: string;
  dir: string;
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** `host:port` of each instance. */
  upstreams: string[];
  /** A directory served as static files on a second port (the bench's baseline). */
  staticRoot?: string;
  /** Worker processes (default 1). */
  workers?: number;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function configuration(dir: string, port: number, staticPort: number | null, options: NginxOptions): string {
  // A master running as root would hand the workers to `nobody`, who cannot read this directory.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};` : '';
  const temp = (name: string) => `${name}_temp_path ${join(dir, `${name}-temp`)};`;
  const servers = options.upstreams.map((upstream) => `server ${upstream};`).join('\n    ');
  const staticServer =
    staticPort === null
      ? ''
      : `server {
    listen 127.0.0.1:${staticPort};
    root ${options.staticRoot};
    location / { etag on; }
  }`;
  return `${user}
worker_processes ${options.workers ?? 1};
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  # A load generator keeps its connections: nginx would close each after 1000 requests.
  keepalive_requests 1000000;
  default_type application/octet-stream;
  types { application/ld+json jsonld; }
  sendfile on;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  proxy_cache_path ${join(dir, 'cache')} levels=1:2 keys_zone=opendpp:10m inactive=10m use_temp_path=off;
  upstream opendpp {
    ${servers}
    keepalive 32;
  }
  # The console's instances, one per browser, as deploy/nginx/nginx.conf chooses them.
  map $cookie_odpp_route $opendpp_route {
    "" $request_id;
    default $cookie_odpp_route;
  }
  upstream opendpp_console {
    hash $opendpp_route consistent;
    ${servers}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};
    include ${CACHE_CONF};
  }
  ${staticServer}
}
`;
}

export async function startNginx(options: NginxOptions): Promise<Nginx> {
  const dir = await mkdtemp(join(tmpdir(), 'opendpp-nginx-'));
  const port = await freePort();
  const staticPort = options.staticRoot ? await freePort() : null;
  const config = join(dir, 'nginx.conf');
  await writeFile(config, configuration(dir, port, staticPort, options));
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += String(chunk);
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (!(await listening(port)) || (staticPort !== null && !(await listening(staticPort)))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    ...(staticPort === null ? {} : { staticUrl: `http://127.0.0.1:${staticPort}` }),
    dir,
    stop,
  };
}
