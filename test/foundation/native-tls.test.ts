// Native TLS as a user runs it: the service process with TLS_CERT and TLS_KEY serves https itself,
// with a certificate made in the test; a wrong pair stops the boot; an http PUBLIC_BASE_URL on a host
// other than loopback is warned about in the boot log.

import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { processTimeout, run, startServer, stopProcesses, stopServer } from '../helpers/process.ts';
import {
  makeTlsCertificate,
  type TlsCertificate,
  type TlsFilesOnDisk,
  tlsFilesDir,
} from '../helpers/tls-certificate.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'opendpp-tls-store-'));
afterEach(stopProcesses);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** GET over https, trusting only `ca`; answers the status and body. */
function httpsGet(url: string, ca: string): Promise<{ status: number; body: string; protocol: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, protocol: new URL(url).protocol }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const PLAIN_HTTP_WARNING = 'PUBLIC_BASE_URL is http on a host that is not loopback (http://dpp.example.test)';

describe('native TLS', () => {
  let files: TlsFilesOnDisk;
  let mine: TlsCertificate;
  let other: TlsCertificate;
  let certPath = '';
  let keyPath = '';
  beforeAll(async () => {
    files = await tlsFilesDir();
    [mine, other] = await Promise.all([makeTlsCertificate(), makeTlsCertificate()]);
    certPath = await files.write('server.crt', mine.certificatePem);
    keyPath = await files.write('server.key', mine.keyPem);
  });
  afterAll(() => files?.remove());

  it('serves https with TLS_CERT and TLS_KEY, and warns about an http PUBLIC_BASE_URL', {
    timeout: processTimeout(1),
  }, async () => {
    const server = await startServer({
      DATA_DIR: dataDir,
      TLS_CERT: certPath,
      TLS_KEY: keyPath,
      PUBLIC_BASE_URL: 'http://dpp.example.test',
    });
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const health = await httpsGet(`${server.url}/health`, mine.certificatePem);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ checks: { store: 'ok' } });
    // A client that does not trust the certificate is refused by its own TLS check.
    await expect(httpsGet(`${server.url}/health`, other.certificatePem)).rejects.toThrow();

    const warnings = server
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.msg.startsWith(PLAIN_HTTP_WARNING));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);
    expect(server.stdout()).not.toContain('PRIVATE KEY');
    expect(await stopServer(server)).toBe(0);
  });

  it('refuses to boot on a key that is not the certificate’s, or a file it cannot read', {
    timeout: processTimeout(2),
  }, async () => {
    const wrongKey = await files.write('other.key', other.keyPem);
    const absent = join(files.dir, 'absent.crt');
    for (const [tls, refusal] of [
      [
        { TLS_CERT: certPath, TLS_KEY: wrongKey },
        `TLS_KEY is not the private key of the TLS_CERT certificate (${wrongKey}, ${certPath})`,
      ],
      [
        { TLS_CERT: absent, TLS_KEY: keyPath },
        `TLS_CERT names a file that cannot be read (${absent}: ENOENT)`,
      ],
    ] as const) {
      const boot = await run(['--import', 'tsx', 'src/server.ts'], { DATA_DIR: dataDir, PORT: '0', ...tls });
      expect(boot.code).toBe(1);
      expect(boot.stderr).toBe(`opendpp: ${refusal}\n`);
    }
  });
});
