// What a battery unit's data carrier encodes: its stored GS1 Digital Link (01 + 21), or, under a
// passport without a GS1 key, the node's own URL for the unit: a battery carries a QR code giving
// access to its passport either way (Regulation (EU) 2023/1542, Art. 13(6) and 77(3)).
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import type { CarrierSubject } from '../../domain/carriers/index.ts';
import { resolvePassport } from '../passports/service.ts';
import { reachUnit } from './scope.ts';

export async function unitCarrierSubject(
  services: ServiceContext,
  actor: Actor,
  id: string,
): Promise<CarrierSubject> {
  const unit = await reachUnit(services.db, actor, id);
  const passport = await resolvePassport(services.db, actor, unit.passportId);
  return {
    kind: 'unit',
    id: unit.id,
    digitalLink: unit.digitalLinkUri,
    nodeUrl: `${services.baseUrl}/unit/${unit.id}`,
    productIdScheme: passport.productIdScheme,
    productId: passport.productId,
    serialNumber: unit.serialNumber,
    category: passport.category,
    metadata: passport.metadata,
  };
}
