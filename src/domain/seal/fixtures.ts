import { generateSigningKey, type SigningKey } from '../crypto/keys.ts';
import { samplePassport } from '../passports/samples.ts';
import { createSealCa, issueWorkspaceCertificate, type SealCa } from './certificates.ts';

export interface SealFixture {
  ca: SealCa;
  key: SigningKey;
  certificatePem: string;
  workspace: { id: string; name: string };
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

export async function sealFixture(now = new Date()): Promise<SealFixture> {
  const notBefore = new Date(now.getTime() - YEAR_MS);
  const ca = await createSealCa({
    commonName: 'OpenDPP Seal CA (test)',
    notBefore,
    notAfter: new Date(now.getTime() + 10 * YEAR_MS),
  });
  const key = generateSigningKey(`key-${now.getTime().toString(36)}`);
  const workspace = { id: '0b8f5b3e-4b0e-4a43-9d0c-6f3c2d1e7a10', name: 'VoltCell Europe GmbH' };
  const certificatePem = await issueWorkspaceCertificate({
    ca,
    workspace,
    publicJwk: key.publicJwk,
    notBefore,
    notAfter: new Date(now.getTime() + 2 * YEAR_MS),
  });
  return { ca, key, certificatePem, workspace };
}

/** The batteries schema's complete example, rendered as an unsealed owner document. */
export function batteryPassportDocument(): Record<string, unknown> {
  return samplePassport('batteries', { baseUrl: 'https://dpp.example.com' });
}
