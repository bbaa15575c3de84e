// A real RFC 3161 time-stamping authority for tests: OpenSSL's `ts -reply` behind a loopback HTTP
// server. Its CA and TSA certificate (critical extendedKeyUsage timeStamping, as RFC 3161 asks) are
// made with `openssl` in a temporary directory, removed on close.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const openssl = (args: string[], cwd: string) => run('openssl', args, { cwd });

export interface TestTsa {
  /** POST `application/timestamp-query` here. */
  url: string;
  caCertificatePem: string;
  /** Requests answered so far. */
  requests: () => number;
  close(): Promise<void>;
}

const tsaConfig = (dir: string) => `
[ tsa ]
default_tsa = tsa_config

[ tsa_config ]
dir = ${dir}
serial = $dir/serial
crypto_device = builtin
signer_cert = $dir/tsa.crt
certs = $dir/ca.crt
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.4146.2.3
other_policies = 1.3.6.1.4.1.4146.2.2
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = no
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;

async function makeAuthority(dir: string): Promise<void> {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  await openssl(
    [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '3650',
      '-subj',
      '/O=OpenDPP tests/CN=Test TSA Root',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  await openssl(
    ['req', '-new', ...ec, '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', '/O=OpenDPP tests/CN=Test TSA'],
    dir,
  );
  await writeFile(
    join(dir, 'tsa.ext'),
    'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\nextendedKeyUsage=critical,timeStamping\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n',
  );
  await openssl(
    [
      'x509',
      '-req',
      '-in',
      'tsa.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '365',
      '-out',
      'tsa.crt',
      '-extfile',
      'tsa.ext',
    ],
    dir,
  );
  await writeFile(join(dir, 'serial'), '01\n');
  await writeFile(join(dir, 'tsa.cnf'), tsaConfig(dir));
}

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startTestTsa(): Promise<TestTsa> {
  const dir = await mkdtemp(join(tmpdir(), 'opendpp-tsa-'));
  await makeAuthority(dir);
  const caCertificatePem = await readFile(join(dir, 'ca.crt'), 'utf8');
  let count = 0;
  // `openssl ts` keeps its serial number in a file: one reply at a time.
  let queue: Promise<unknown> = Promise.resolve();
  const reply = (query: Buffer) => {
    const n = ++count;
    const next = queue.then(async () => {
      const queryFile = join(dir, `q${n}.tsq`);
      const replyFile = join(dir, `r${n}.tsr`);
      await writeFile(queryFile, query);
      await openssl(['ts', '-reply', '-config', 'tsa.cnf', '-queryfile', queryFile, '-out', replyFile], dir);
      return readFile(replyFile);
    });
    queue = next.catch(() => undefined);
    return next;
  };
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.headers['content-type'] !== 'application/timestamp-query') {
      response.writeHead(415).end();
      return;
    }
    body(request)
      .then(reply)
      .then((answer) => {
        response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(answer);
      })
      .catch(() => {
        response.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the test TSA has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}/tsa`,
    caCertificatePem,
    requests: () => count,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
