// Reading a GS1 Digital Link request as the router hands it over, uncompressed, partially or fully
// compressed: the key, the serial it names (if any), and the uncompressed URI on this node, which is
// the linkset's anchor and, for a compressed request, the `owl:sameAs` of the Link header.
import { badRequest, notFound } from '../../core/errors.ts';
import { buildLink, linkParts, parseLink } from '../../domain/gs1/digital-link.ts';
import type { AiValue } from '../../domain/gs1/element-string.ts';
import { readGraiUnitLink } from '../../domain/gs1/grai-unit-link.ts';
import { normaliseGtin } from '../../domain/gs1/gtin.ts';

export type LinkKeyAi = '01' | '8003';

/** A GRAI's asset type: filler zero, 12 digits, check digit; what follows in AI 8003 is a serial. */
export const ASSET_TYPE_LENGTH = 14;

export interface LinkRequest {
  ai: LinkKeyAi;
  /** The key's value as a passport holds it: a GTIN-14, or the whole AI 8003 value. */
  keyValue: string;
  /** AI 21 of the path (or the GRAI unit link extension's serial). */
  serial?: string;
  /** The uncompressed link of the key and its qualifiers, without a query. */
  anchor: string;
  /** The uncompressed link of everything the request carried, for a compressed request. */
  sameAs?: string;
}

export function gtinOf(raw: string): string {
  const normalised = normaliseGtin(raw);
  if (!normalised.ok) throw badRequest(`Not a GTIN: ${normalised.error}`);
  return normalised.gtin14;
}

const uncompressed = (baseUrl: string, ais: readonly AiValue[]): string => {
  const built = buildLink(baseUrl, ais);
  if (!built.ok) throw badRequest(`Not a GS1 Digital Link: ${built.error}`);
  return built.uri;
};

/** The request of a key and its qualifiers, once read; the anchor leaves data attributes out. */
function requestOf(baseUrl: string, ais: AiValue[], compressed: boolean): LinkRequest | null {
  const found = linkParts(ais);
  if (!found.ok) throw badRequest(`Not a GS1 Digital Link: ${found.error}`);
  const { key, qualifiers } = found.parts;
  if (key.ai !== '01' && key.ai !== '8003') return null;
  const serial = qualifiers.find((item) => item.ai === '21')?.value;
  return {
    ai: key.ai,
    keyValue: key.ai === '01' ? gtinOf(key.value) : key.value,
    ...(serial === undefined ? {} : { serial }),
    anchor: uncompressed(baseUrl, [key, ...qualifiers]),
    ...(compressed ? { sameAs: uncompressed(baseUrl, ais) } : {}),
  };
}

/**
 * `/{ai}/{key}[/…]` as sent: the qualifiers are read from the raw URL (still percent-encoded, so a
 * serial may hold `%` or `/`) by the one Digital Link module the decoder uses; an invalid link is 400.
 */
export function keyLinkRequest(baseUrl: string, ai: LinkKeyAi, rawKey: string, url: string): LinkRequest {
  const keyValue = ai === '01' ? gtinOf(rawKey) : rawKey;
  const path = url.split('?')[0] ?? '';
  const rest = path
    .split('/')
    .slice(3)
    .filter((segment, at, all) => segment !== '' || at < all.length - 1);
  const keyLink = `${baseUrl}/${ai}/${encodeURIComponent(keyValue)}`;
  if (rest.length === 0) return { ai, keyValue, anchor: keyLink };
  if (ai === '8003') {
    // The node's GRAI unit link (an extension of the standard, see grai-unit-link.ts).
    const extension = readGraiUnitLink(`${keyLink}/${rest.join('/')}`);
    if (extension) {
      const anchor = `${keyLink}/21/${encodeURIComponent(extension.serial)}`;
      return { ai, keyValue, serial: extension.serial, anchor };
    }
  }
  const parsed = parseLink(`${keyLink}/${rest.join('/')}`);
  if (!parsed.ok) throw badRequest(`Not a GS1 Digital Link: ${parsed.error}`);
  const [, ...qualifiers] = parsed.link.ais;
  const ais = [{ ai, value: keyValue }, ...qualifiers];
  return requestOf(baseUrl, ais, parsed.link.compression !== 'none') ?? { ai, keyValue, anchor: keyLink };
}

/**
 * A fully compressed link, `/{base64url}`. What does not decompress to a key this node resolves
 * (01 or 8003) answers as a path no route matches: the segment may be any word at all.
 */
export function compressedLinkRequest(baseUrl: string, segment: string, method: string): LinkRequest {
  const parsed = parseLink(`${baseUrl}/${segment}`);
  const nothing = () => notFound(`No route matches ${method} /${segment}`);
  if (!parsed.ok || parsed.link.compression !== 'full') throw nothing();
  const request = requestOf(baseUrl, parsed.link.ais, true);
  // A valid link of a key this node keeps no passports under (an SSCC, a GLN): nothing published.
  if (!request) throw notFound('Nothing is published under this identifier');
  return request;
}

/** The query as sent without its `linkType` parameters: what a redirect passes on. */
export function queryWithoutLinkType(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return '';
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => {
      if (pair === '') return false;
      const name = pair.split('=')[0] ?? '';
      try {
        return decodeURIComponent(name) !== 'linkType';
      } catch {
        return true;
      }
    });
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}
