// A server certificate for tests of native TLS: self-signed P-256 for localhost and 127.0.0.1, made
// in the test with @peculiar/x509, its files written to a temporary directory removed on cleanup.
import 'reflect-metadata';
import { createPrivateKey, webcrypto } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const DAY_MS = 24 * 3600 * 1000;

export interface TlsCertificate {
  certificatePem: string;
  keyPem: string;
}

export async function makeTlsCertificate(): Promise<TlsCertificate> {
  const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=localhost',
    notBefore: new Date(Date.now() - DAY_MS),
    notAfter: new Date(Date.now() + DAY_MS),
    keys,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
      ]),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const keyPem = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })
    .export({ format: 'pem', type: 'pkcs8' })
    .toString();
  return { certificatePem: certificate.toString('pem'), keyPem };
}

export interface TlsFilesOnDisk {
  dir: string;
  /** Writes `content` to `name` in the directory and answers its path. */
  write(name: string, content: string): Promise<string>;
  remove(): Promise<void>;
}

export async function tlsFilesDir(): Promise<TlsFilesOnDisk> {
  const dir = await mkdtemp(join(tmpdir(), 'opendpp-tls-'));
  return {
    dir,
    async write(name, content) {
      const path = join(dir, name);
      await writeFile(path, content, { mode: 0o600 });
      return path;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
