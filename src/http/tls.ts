// Native TLS: the certificate and key files TLS_CERT and TLS_KEY name, read and checked once at boot.
// A file that cannot be read, is not PEM, or a key that is not the certificate's stops the boot with
// a sentence naming the variable, instead of the first handshake failing long after the node said
// it was listening. Neither file's content ever reaches a message.
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config.ts';

/** What Node's https server takes: the certificate (chain, the node's own first) and its key, PEM. */
export interface TlsFiles {
  cert: string;
  key: string;
}

function readPem(variable: 'TLS_CERT' | 'TLS_KEY', path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(`${variable} names a file that cannot be read (${path}${code ? `: ${code}` : ''})`);
  }
}

export function readTlsFiles(certPath: string, keyPath: string): TlsFiles {
  const cert = readPem('TLS_CERT', certPath);
  const key = readPem('TLS_KEY', keyPath);
  let certificate: X509Certificate;
  try {
    // The first certificate of a chain file is the node's own.
    certificate = new X509Certificate(cert);
  } catch {
    throw new ConfigError(`TLS_CERT holds no PEM certificate (${certPath})`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new ConfigError(`TLS_KEY holds no unencrypted PEM private key (${keyPath})`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new ConfigError(
      `TLS_KEY is not the private key of the TLS_CERT certificate (${keyPath}, ${certPath})`,
    );
  }
  return { cert, key };
}
