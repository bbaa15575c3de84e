import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeTlsCertificate,
  type TlsCertificate,
  type TlsFilesOnDisk,
  tlsFilesDir,
} from '../../test/helpers/tls-certificate.ts';
import { ConfigError } from '../config.ts';
import { readTlsFiles } from './tls.ts';

describe('readTlsFiles', () => {
  let files: TlsFilesOnDisk;
  let mine: TlsCertificate;
  let other: TlsCertificate;
  beforeAll(async () => {
    files = await tlsFilesDir();
    [mine, other] = await Promise.all([makeTlsCertificate(), makeTlsCertificate()]);
  });
  afterAll(() => files.remove());

  it('reads a certificate and its key', async () => {
    const cert = await files.write('cert.pem', mine.certificatePem);
    const key = await files.write('key.pem', mine.keyPem);
    expect(readTlsFiles(cert, key)).toEqual({ cert: mine.certificatePem, key: mine.keyPem });
  });

  it('stops the boot on a file it cannot read, naming the variable', async () => {
    const key = await files.write('key-1.pem', mine.keyPem);
    const missing = `${files.dir}/absent.pem`;
    expect(() => readTlsFiles(missing, key)).toThrow(ConfigError);
    expect(() => readTlsFiles(missing, key)).toThrow(
      `TLS_CERT names a file that cannot be read (${missing}: ENOENT)`,
    );
    const cert = await files.write('cert-1.pem', mine.certificatePem);
    expect(() => readTlsFiles(cert, files.dir)).toThrow(/^TLS_KEY names a file that cannot be read/);
  });

  it('stops the boot on files that are not PEM of the right kind', async () => {
    const cert = await files.write('cert-2.pem', mine.certificatePem);
    const key = await files.write('key-2.pem', mine.keyPem);
    const garbage = await files.write('garbage.pem', 'not a pem file\n');
    expect(() => readTlsFiles(garbage, key)).toThrow(`TLS_CERT holds no PEM certificate (${garbage})`);
    expect(() => readTlsFiles(key, key)).toThrow(/^TLS_CERT holds no PEM certificate/);
    expect(() => readTlsFiles(cert, garbage)).toThrow(
      `TLS_KEY holds no unencrypted PEM private key (${garbage})`,
    );
  });

  it('stops the boot when the key is not the certificate’s, and never prints either', async () => {
    const cert = await files.write('cert-3.pem', mine.certificatePem);
    const key = await files.write('key-3.pem', other.keyPem);
    let message = '';
    try {
      readTlsFiles(cert, key);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toBe(`TLS_KEY is not the private key of the TLS_CERT certificate (${key}, ${cert})`);
    expect(message).not.toContain('PRIVATE KEY');
  });
});
