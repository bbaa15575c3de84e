// GS1 conformant-resolver answers for a Digital Link: the linkset (RFC 9264, `application/linkset+json`)
// of what this node offers for it, and the link types a request may name. The link type of a Digital
// Product Passport is `gs1:dpp`; the passport (or, on an item link, the unit) is also the default link.
export const GS1_VOC = 'https://gs1.org/voc/';
/** Where GS1 now publishes its Web vocabulary; the same terms as GS1_VOC. */
export const GS1_REF_VOC = 'https://ref.gs1.org/voc/';
export const LINKSET_TYPE = 'application/linkset+json';
/** GS1's JSON-LD context that turns a linkset into JSON-LD (GS1-Conformant Resolver artefacts). */
export const LINKSET_CONTEXT = 'https://ref.gs1.org/standards/resolver/linkset-context';

export const DPP_LINK_TYPE = `${GS1_VOC}dpp`;
export const DEFAULT_LINK_TYPE = `${GS1_VOC}defaultLink`;
/** The link types this resolver answers with a redirect; anything else named is 404. */
export const SERVED_LINK_TYPES = [DPP_LINK_TYPE, DEFAULT_LINK_TYPE] as const;

export interface LinkTarget {
  href: string;
  title: string;
  type: string;
}

/** The media types a subject is offered in, each a link of the same target. */
export function typedLinks(url: string, title: string, types: readonly string[]): LinkTarget[] {
  return types.map((type) => ({ href: url, title, type }));
}

/** One level of a Digital Link (the item, or its key): what it names, and the links of that. */
export interface LinkLevel {
  anchor: string;
  links: LinkTarget[];
}

/**
 * The linkset of a request: one link context per level, the requested one first, each listing its
 * `gs1:dpp` links. The default link is the requested level's first, with no optional attribute
 * (the standard: a default link carries no `type`, `hreflang` or `context`).
 */
export function linkset(levels: readonly LinkLevel[]) {
  return {
    linkset: levels.map(({ anchor, links }, index) => {
      const first = links[0];
      return {
        anchor,
        [DPP_LINK_TYPE]: links,
        ...(index === 0 && first ? { [DEFAULT_LINK_TYPE]: [{ href: first.href, title: first.title }] } : {}),
      };
    }),
  };
}

export type LinkTypeAsk =
  | { kind: 'none' }
  | { kind: 'linkset' }
  /** A link type in its `https://gs1.org/voc/` form when it is a GS1 one, as given otherwise. */
  | { kind: 'type'; iri: string; asked: string };

/**
 * What `?linkType=` asks: nothing (absent or empty), the linkset (`linkset`, or `all` as the
 * standard's earlier versions wrote it), or one link type, written as the CURIE `gs1:x` or as
 * `https://gs1.org/voc/x` or `https://ref.gs1.org/voc/x`, which are one type.
 */
export function linkTypeAsk(value: unknown): LinkTypeAsk {
  const asked = Array.isArray(value) ? value[0] : value;
  if (typeof asked !== 'string' || asked === '') return { kind: 'none' };
  if (asked === 'linkset' || asked === 'all') return { kind: 'linkset' };
  for (const prefix of ['gs1:', GS1_REF_VOC, 'http://gs1.org/voc/', GS1_VOC]) {
    if (asked.startsWith(prefix))
      return { kind: 'type', iri: `${GS1_VOC}${asked.slice(prefix.length)}`, asked };
  }
  return { kind: 'type', iri: asked, asked };
}

/** Whether the caller asked for the linkset by its media type (Accept names it with a q above 0). */
export function acceptsLinkset(accept: string | undefined): boolean {
  return (accept ?? '')
    .toLowerCase()
    .split(',')
    .some((range) => {
      const [type, ...parameters] = range.split(';').map((part) => part.trim());
      if (type !== LINKSET_TYPE) return false;
      const q = parameters.find((parameter) => parameter.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
}
