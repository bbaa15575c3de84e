// Fixtures shared by the seal tests and the seal benchmark: a seal CA, a workspace key with its
// certificate, and a complete battery passport document rendered as the owner reads it.
import { categorySchemas } from '../categories/schemas/index.ts';
import { generateSigningKey, type SigningKey } from '../crypto/keys.ts';
import { renderPassportDocument } from '../passports/document.ts';
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
  const stamp = new Date('2025-06-01T08:00:00.000Z');
  return renderPassportDocument({
    passport: {
      id: '5d2c7a0e-2f4b-4c8e-9a61-3b7e0f9d4c21',
      productId: '04006381333931',
      productIdScheme: 'GTIN',
      category: 'batteries',
      originCountry: 'DE',
      granularity: 'model',
      status: 'ACTIVE',
      metadata: structuredClone((categorySchemas.batteries.examples as unknown[])[0]),
      archivedAt: null,
      retentionUntil: null,
      digitalSeal: null,
      signingPublicKey: null,
      proof: null,
      createdAt: stamp,
      updatedAt: stamp,
    },
    economicOperator: {
      '@type': 'EconomicOperator',
      id: '9e1d3c5a-7b2f-4e60-8a14-2c6f0b9d3e57',
      name: 'VoltCell Europe GmbH',
      regId: 'DE123456789012345',
      regIdScheme: 'EORI',
      role: 'MANUFACTURER',
      country: 'DE',
    },
    manufacturingFacility: {
      '@type': 'ManufacturingFacility',
      gln: '4012345000009',
      name: 'Cell plant Salzgitter',
      activity: 'manufacturing',
      country: 'DE',
    },
    baseUrl: 'https://dpp.example.com',
  }) as unknown as Record<string, unknown>;
}
