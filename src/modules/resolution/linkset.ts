// GS1 conformant-resolver answers for a key: the linkset (RFC 9264, `application/linkset+json`) of
// what this node offers for it, and the target of one link type. The link type of a Digital
// Product Passport is `gs1:dpp`; the passport is also the key's default link.
export const GS1_VOC = 'https://gs1.org/voc/';
export const LINKSET_TYPE = 'application/linkset+json';

export interface LinkTarget {
  href: string;
  title: string;
  type: string;
}

/** The media types a passport is offered in, each a link of the same target. */
export function passportLinks(passportUrl: string, title: string, types: readonly string[]): LinkTarget[] {
  return types.map((type) => ({ href: passportUrl, title, type }));
}

export function linkset(anchor: string, links: LinkTarget[]) {
  return {
    linkset: [
      {
        anchor,
        [`${GS1_VOC}dpp`]: links,
        [`${GS1_VOC}defaultLink`]: links.slice(0, 1),
      },
    ],
  };
}

/** The link type a `?linkType=` names, in its full form; `all` and absent are null. */
export function linkTypeOf(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value === 'all') return null;
  return value.startsWith('gs1:') ? `${GS1_VOC}${value.slice(4)}` : value;
}

export const wantsLinkset = (linkType: unknown, accept: string | undefined) =>
  linkType === 'all' || (accept ?? '').toLowerCase().includes(LINKSET_TYPE);
