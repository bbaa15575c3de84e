// What a passport's data carrier encodes, for the QR route and the label archive: the passport as
// the actor may read it (workspace, then operator scope), as a carrier subject. Apart from
// service.ts beside the QR route that uses it; the labels module reaches it through service.ts.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import type { CarrierSubject } from '../../domain/carriers/index.ts';
import { digitalLinkUri } from '../../domain/passports/document.ts';
import { resolvePassport } from './lookup.ts';
import type { PassportRow } from './store.ts';

export function passportSubject(baseUrl: string, row: PassportRow): CarrierSubject {
  return {
    kind: 'passport',
    id: row.id,
    digitalLink: digitalLinkUri(baseUrl, row.productIdScheme, row.productId),
    nodeUrl: `${baseUrl}/passport/${row.id}`,
    productIdScheme: row.productIdScheme,
    productId: row.productId,
    category: row.category,
    metadata: row.metadata,
  };
}

export async function passportCarrierSubject(services: ServiceContext, actor: Actor, reference: string) {
  return passportSubject(services.baseUrl, await resolvePassport(services.db, actor, reference));
}
