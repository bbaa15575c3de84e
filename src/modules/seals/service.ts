// Seals: the workspace's signature over a passport document, public verification on this node, key
// rotation, the CA certificate and the workspace's DID document. Sealing a passport as a whole (its
// new version, this signature, its push to the backup nodes) is the sealing module's, above this one.
import type { ServiceContext } from '../../context.ts';
import { type Actor, assertWorkspaceWide } from '../../core/actor.ts';
import { AppError, badRequest, notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { didDocument, didWebFor } from '../../domain/credentials/index.ts';
import { type SigningKey, samePublicKey } from '../../domain/crypto/keys.ts';
import { isUuid } from '../../domain/ids.ts';
import {
  certificatePublicJwk,
  hasSeal,
  readDigitalSeal,
  sealDocument,
  verifySealedDocument,
  workspaceIdOfCertificate,
} from '../../domain/seal/index.ts';
import { isOperatorOfWorkspace } from '../operators/service.ts';
import { requireWorkspace } from '../workspaces/service.ts';
import { activeKey, currentKey, rotateKey, sealAuthority } from './keys.ts';
import * as store from './store.ts';

/** Which version of which passport a seal is over, and when it is made. */
export interface SealFacts {
  passportId: string;
  version: number;
  sealedAt: Date;
}

/**
 * The workspace's signer of passport documents, for one sealing transaction: each call seals a
 * document with the workspace's active key (made on first need) and, when TSA_URL is set, a
 * timestamp. The CA and the workspace are read here, before the transaction, so that they are never
 * rolled back with it.
 */
export async function passportSigner(services: ServiceContext, tenantId: string) {
  const ca = await sealAuthority(services.db, services.sealing, services.clock());
  const workspace = await requireWorkspace(services.db, tenantId);
  return async (tx: Executor, document: Record<string, unknown>, facts: SealFacts) => {
    const { key, certificatePem } = await activeKey(tx, {
      sealing: services.sealing,
      ca,
      workspace,
      now: facts.sealedAt,
    });
    try {
      const fields = await sealDocument(document, {
        passportId: facts.passportId,
        version: facts.version,
        sealedAt: facts.sealedAt,
        key,
        certificatePem,
        ...(services.sealing.timestamp ? { timestamp: services.sealing.timestamp } : {}),
      });
      return { ...fields, keyId: key.kid };
    } catch (error) {
      if (services.sealing.timestamp) {
        // The seal promises a timestamp when TSA_URL is set; without one nothing is sealed.
        throw new AppError(
          'UNAVAILABLE',
          `The time-stamping authority did not grant a timestamp: ${String(error)}`,
          {
            headers: { 'retry-after': '30' },
          },
        );
      }
      throw error;
    }
  };
}

export interface PublicVerification {
  valid: boolean;
  checks: {
    merkleRoot: boolean | null;
    signature: boolean | null;
    certificateChain: boolean | null;
    timestamp: boolean | null;
    operatorBinding: boolean | null;
  };
  reasons: string[];
}

const DECLINED: PublicVerification['checks'] = {
  merkleRoot: null,
  signature: null,
  certificateChain: null,
  timestamp: null,
  operatorBinding: null,
};

/** The economic operator a document declares, as `regIdScheme` and `regId`. */
function declaredOperator(document: Record<string, unknown>): { regIdScheme: string; regId: string } | null {
  const operator = document.economicOperator;
  if (operator && typeof operator === 'object' && !Array.isArray(operator)) {
    const { regIdScheme, regId } = operator as Record<string, unknown>;
    if (typeof regIdScheme === 'string' && typeof regId === 'string') return { regIdScheme, regId };
  }
  return null;
}

/**
 * `POST /api/v1/audit/verify`: a seal whose key is registered to a workspace of this node is
 * verified in full (steps 1–5 of docs/sealing.md with our CA) and its workspace must be bound to the
 * operator the document declares; any other seal is declined without cryptographic evaluation.
 */
export async function verifyOnThisNode(
  services: ServiceContext,
  document: unknown,
  options: { requireTimestamp: boolean } = { requireTimestamp: false },
): Promise<PublicVerification> {
  if (!document || typeof document !== 'object' || Array.isArray(document)) {
    throw badRequest('document must be a passport document (a JSON object)');
  }
  if (!hasSeal(document))
    throw badRequest('The document carries no seal (digitalSeal, signingPublicKey, proof)');
  const seal = readDigitalSeal((document as Record<string, unknown>).digitalSeal);
  const decline = (reason: string): PublicVerification => ({
    valid: false,
    checks: DECLINED,
    reasons: [reason],
  });
  if (!seal.ok)
    return {
      valid: false,
      checks: { ...DECLINED, merkleRoot: false, signature: false },
      reasons: seal.reasons,
    };

  const tenantId = workspaceIdOfCertificate(seal.value.certificate);
  const registered =
    tenantId && isUuid(tenantId) ? await store.findKey(services.db, tenantId, seal.value.keyId) : null;
  const certified = certificatePublicJwk(seal.value.certificate, seal.value.keyId);
  if (!registered || !tenantId || !certified || !samePublicKey(certified, registered.publicJwk)) {
    return decline(
      'The seal was made with a key that is not registered to a workspace of this node; it was declined without evaluation.',
    );
  }

  const now = services.clock();
  const ca = await sealAuthority(services.db, services.sealing, now);
  const result = await verifySealedDocument(document, {
    caCertificatePem: ca.certificatePem,
    now,
    requireTimestamp: options.requireTimestamp,
  });
  const reasons = [...result.reasons];
  const operator = declaredOperator(document as Record<string, unknown>);
  let operatorBinding = false;
  if (!operator)
    reasons.push('The document declares no economic operator (economicOperator.regIdScheme and regId).');
  else {
    operatorBinding = await isOperatorOfWorkspace(
      services.db,
      tenantId,
      operator.regIdScheme,
      operator.regId,
    );
    if (!operatorBinding) {
      reasons.push(
        `The signing workspace is not bound to the economic operator ${operator.regIdScheme} ${operator.regId} the document declares.`,
      );
    }
  }
  return { valid: result.valid && operatorBinding, checks: { ...result.checks, operatorBinding }, reasons };
}

/** A signing key as the public may see it. */
export function publicKeyRecord(row: store.SigningKeyRow) {
  return {
    kid: row.id,
    status: row.status,
    publicKey: row.publicJwk,
    certificate: row.certificatePem,
    createdAt: row.createdAt.toISOString(),
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}

/** Makes a new active key for the workspace; the earlier ones stay registered as retired. */
export async function rotateSigningKeys(services: ServiceContext, actor: Actor) {
  assertWorkspaceWide(actor, 'rotate the workspace signing key');
  const now = services.clock();
  const ca = await sealAuthority(services.db, services.sealing, now);
  const workspace = await requireWorkspace(services.db, actor.tenantId);
  return services.db.transaction(async (tx) => {
    await rotateKey(tx, { sealing: services.sealing, ca, workspace, now });
    return (await store.listKeys(tx, actor.tenantId)).map(publicKeyRecord);
  });
}

export async function sealCaCertificate(services: ServiceContext): Promise<string> {
  return (await sealAuthority(services.db, services.sealing, services.clock())).certificatePem;
}

/** The workspace's DID document: every key it has sealed with, active and retired. */
export async function workspaceDidDocument(services: ServiceContext, tenantId: string) {
  if (!isUuid(tenantId)) throw notFound('Workspace not found');
  await requireWorkspace(services.db, tenantId);
  const keys = await store.listKeys(services.db, tenantId);
  return didDocument({
    did: didWebFor(services.baseUrl, tenantId),
    keys: keys.map((key) => ({ kid: key.id, publicJwk: key.publicJwk, active: key.status === 'active' })),
    resolverUrl: services.baseUrl,
  });
}

/**
 * The workspace's active signing key, private part included, for signing its credentials (seals and
 * credentials share the workspace keys, so the DID document lists them all). Made on first need.
 * Unknown workspaces answer 404.
 */
export async function credentialSigningKey(services: ServiceContext, tenantId: string): Promise<SigningKey> {
  const now = services.clock();
  const current = await currentKey(services.db, services.sealing, tenantId, now);
  if (current) return current.key;
  const ca = await sealAuthority(services.db, services.sealing, now);
  const workspace = await requireWorkspace(services.db, tenantId);
  return services.db.transaction(
    async (tx) => (await activeKey(tx, { sealing: services.sealing, ca, workspace, now })).key,
  );
}
