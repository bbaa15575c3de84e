// What sealing needs from the configuration, prepared once per app: the master key, the CA when it
// comes from files, and the RFC 3161 client when TSA_URL is set.
import { readFileSync } from 'node:fs';
import type { Config } from '../../config.ts';
import type { Sealing } from '../../core/sealing.ts';
import { privateKeyPem, samePublicKey, signingKeyFromPem } from '../../domain/crypto/keys.ts';
import { requestTimestamp } from '../../domain/crypto/rfc3161.ts';
import { certificatePublicJwk, type SealCa } from '../../domain/seal/index.ts';
import { decodeMasterKey } from './master-key.ts';

const TSA_TIMEOUT_MS = 10_000;

function tsaClient(url: string) {
  const post = async (requestDer: Uint8Array): Promise<Uint8Array> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: requestDer,
      signal: AbortSignal.timeout(TSA_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the TSA answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };
  return (signatureBytes: Uint8Array) => requestTimestamp(signatureBytes, post);
}

function caFromFiles(certificatePath: string, keyPath: string): SealCa {
  const certificatePem = readFileSync(certificatePath, 'utf8');
  // PKCS#8 or SEC 1 in the file; kept as PKCS#8.
  const key = signingKeyFromPem(readFileSync(keyPath, 'utf8'), 'seal-ca');
  const certified = certificatePublicJwk(certificatePem, 'seal-ca');
  if (!certified || !samePublicKey(certified, key.publicJwk)) {
    throw new Error('SEAL_CA_KEY is not the key of the SEAL_CA_CERT certificate');
  }
  return { certificatePem, privateKeyPem: privateKeyPem(key.privateJwk) };
}

export function sealingSetup(config: Config, masterKey?: Uint8Array): Sealing {
  return {
    // Without a configured or embedded key (an app built in memory), secrets live as long as the app.
    masterKey: masterKey ?? (config.masterKey ? decodeMasterKey(config.masterKey) : ephemeralKey()),
    ...(config.sealCaCert && config.sealCaKey
      ? { configuredCa: caFromFiles(config.sealCaCert, config.sealCaKey) }
      : {}),
    ...(config.tsaUrl ? { timestamp: tsaClient(config.tsaUrl) } : {}),
  };
}

function ephemeralKey(): Uint8Array {
  return new Uint8Array(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}
