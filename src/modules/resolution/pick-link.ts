// The first step of a Digital Link read once it is parsed (service.ts, answerLink): what the link
// asks for, by the GS1 conformant-resolver rules (docs/resolution.md): the linkset
// (`?linkType=linkset`, `all`, or Accept `application/linkset+json`), a 307 to the target of an asked
// link type (404 for a type this node does not serve), and, without either, the passport in place
// or a 307 to the unit an item link names. Redirects pass on the query but its `linkType`.
import type { ServiceContext } from '../../context.ts';
import { notFound } from '../../core/errors.ts';
import { findLinkSubject, type PassportKey } from './find-subject.ts';
import {
  acceptsLinkset,
  LINKSET_TYPE,
  type LinkLevel,
  linkset,
  linkTypeAsk,
  SERVED_LINK_TYPES,
  typedLinks,
} from './linkset.ts';
import { ASSET_TYPE_LENGTH, type LinkRequest } from './parse-link.ts';

export type Gs1LinkAnswer =
  | { kind: 'linkset'; contentType: typeof LINKSET_TYPE; body: string }
  | { kind: 'redirect'; location: string }
  /**
   * Answer the passport of this key in place, in the negotiated representation; `scope` is the
   * host's workspace when it was looked up here already.
   */
  | { kind: 'passport'; key: PassportKey; scope?: string | null };

export interface Gs1LinkAsk {
  host: string;
  linkType: unknown;
  accept: string | undefined;
  /** The query to pass on in a redirect (without `linkType`), `?…` or empty. */
  query: string;
}

/** Media types offered on resolution, per kind of subject, for the linkset. */
export interface OfferedTypes {
  passport: readonly string[];
  unit: readonly string[];
}

export async function pickLinkAnswer(
  services: ServiceContext,
  offered: OfferedTypes,
  ask: Gs1LinkAsk,
  link: LinkRequest,
): Promise<Gs1LinkAnswer> {
  const asked = linkTypeAsk(ask.linkType);
  const wantsLinkset = asked.kind === 'linkset' || (asked.kind === 'none' && acceptsLinkset(ask.accept));
  const mayBeUnit =
    link.serial !== undefined || (link.ai === '8003' && link.keyValue.length > ASSET_TYPE_LENGTH);
  // The hot path: a key link asked for nothing but a representation needs no look-up here.
  if (asked.kind === 'none' && !wantsLinkset && !mayBeUnit) {
    return { kind: 'passport', key: { productId: link.keyValue } };
  }
  const { scope, passport, unit, keyLink } = await findLinkSubject(services, ask.host, link);
  const { baseUrl } = services;
  const passportUrl = `${baseUrl}/passport/${passport.id}`;
  const unitUrl = unit ? `${baseUrl}/unit/${unit.id}` : null;
  if (asked.kind === 'type') {
    if (!(SERVED_LINK_TYPES as readonly string[]).includes(asked.iri)) {
      throw notFound(`No link of type ${asked.asked} for this identifier`);
    }
    return { kind: 'redirect', location: `${unitUrl ?? passportUrl}${ask.query}` };
  }
  if (wantsLinkset) {
    const passportLevel: LinkLevel = {
      anchor: keyLink,
      links: typedLinks(passportUrl, `Digital Product Passport ${passport.productId}`, offered.passport),
    };
    const levels = unit
      ? [
          {
            anchor: link.anchor,
            links: typedLinks(unitUrl as string, `Battery unit ${unit.serialNumber}`, offered.unit),
          },
          passportLevel,
        ]
      : [passportLevel];
    return { kind: 'linkset', contentType: LINKSET_TYPE, body: JSON.stringify(linkset(levels)) };
  }
  if (unitUrl) return { kind: 'redirect', location: `${unitUrl}${ask.query}` };
  return { kind: 'passport', key: { productId: passport.productId }, scope };
}
