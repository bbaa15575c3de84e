// Sealing a passport: the passport's new version (passports), the workspace's signature over it
// (seals) and its push to the backup nodes (backup-origin), in one transaction. A module of its own
// above the three: the push is queued where the seal is made, so that it exists exactly when the
// seal does, and backup-origin reads passports and the seal CA, so neither seals nor passports can
// hold the step.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { queueSealedVersion } from '../backup-origin/service.ts';
import { sealPassport } from '../passports/service.ts';
import { passportSigner } from '../seals/service.ts';

/** Seals the passport's current content with the workspace's active key (made on first need). */
export async function sealPassportNow(services: ServiceContext, actor: Actor, reference: string) {
  const sign = await passportSigner(services, actor.tenantId);
  return sealPassport(services, actor, reference, async (tx, document, facts) => {
    const seal = await sign(tx, document, facts);
    const backup = await queueSealedVersion(
      tx,
      { tenantId: facts.tenantId, passportId: facts.passportId, version: facts.version },
      facts.sealedAt,
    );
    return { ...seal, ...(backup ? { backup } : {}) };
  });
}
