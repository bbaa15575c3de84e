// Reading a GS1 Digital Link path as the router hands it over: the key, and the key qualifiers after it.
import { parseLink } from '../../domain/gs1/digital-link.ts';
import { normaliseGtin } from '../../domain/gs1/gtin.ts';
import { badRequest } from '../../http/errors.ts';

export function gtinOf(raw: string): string {
  const normalised = normaliseGtin(raw);
  if (!normalised.ok) throw badRequest(`Not a GTIN: ${normalised.error}`);
  return normalised.gtin14;
}

/**
 * The key qualifiers after a key (`/21/S1`, `/10/L2/21/S1`), read by the one Digital Link module
 * the decoder and the QR codes use too: an invalid link is 400.
 */
export function qualifiers(
  baseUrl: string,
  ai: string,
  keyValue: string,
  url: string,
): Record<string, string> {
  // The qualifiers as sent (still percent-encoded), after the key's two segments: a serial may
  // hold `%` or `/`, which the router's decoded parameter could no longer tell apart.
  const rest = (url.split('?')[0] ?? '').split('/').slice(3).join('/');
  const parsed = parseLink(`${baseUrl}/${ai}/${encodeURIComponent(keyValue)}/${rest}`);
  if (!parsed.ok) throw badRequest(`Not a GS1 Digital Link: ${parsed.error}`);
  return Object.fromEntries(parsed.link.ais.map(({ ai: code, value }) => [code, value]));
}
