// Linkset and `?linkType=` on a GS1 key (conformant-resolver rules): the key's linkset, a redirect to
// the passport for the DPP and default link types, a refusal for any other type.
import type { AppError } from '../../http/errors.ts';
import { notFound } from '../../http/errors.ts';
import { LINKSET_TYPE, linkset, linkTypeOf, passportLinks, wantsLinkset } from './linkset.ts';
import { nothingPublished } from './not-found.ts';
import type { SourceDeps } from './passport-source.ts';
import { findPassport, type PassportKey } from './service.ts';

export type Gs1LinkAnswer =
  | { kind: 'linkset'; contentType: typeof LINKSET_TYPE; body: string }
  | { kind: 'redirect'; location: string }
  /** Sent after the headers every link answer carries. */
  | { kind: 'refused'; error: AppError };

export interface Gs1LinkAsk {
  host: string;
  /** The path as requested, without the query: the linkset's anchor. */
  path: string;
  linkType: unknown;
  accept: string | undefined;
}

/** The link answer of a key, or null when neither a linkset nor a link type was asked. */
export async function gs1LinkAnswer(
  deps: SourceDeps & { representationTypes: readonly string[] },
  ask: Gs1LinkAsk,
  key: PassportKey,
): Promise<Gs1LinkAnswer | null> {
  const asked = wantsLinkset(ask.linkType, ask.accept);
  const linkType = linkTypeOf(ask.linkType);
  if (!asked && linkType === null) return null;
  const { services } = deps;
  const scope = await deps.scopeOf(ask.host);
  const row = scope === undefined ? null : (await findPassport(services, key, scope))?.passport;
  if (!row) throw nothingPublished();
  const url = `${services.baseUrl}/passport/${row.id}`;
  if (asked) {
    const links = passportLinks(url, `Digital Product Passport ${row.productId}`, deps.representationTypes);
    const body = JSON.stringify(linkset(`${services.baseUrl}${ask.path}`, links));
    return { kind: 'linkset', contentType: LINKSET_TYPE, body };
  }
  if (linkType === 'https://gs1.org/voc/dpp' || linkType === 'https://gs1.org/voc/defaultLink') {
    return { kind: 'redirect', location: url };
  }
  return { kind: 'refused', error: notFound(`No link of type ${String(ask.linkType)} for this identifier`) };
}
