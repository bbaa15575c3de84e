// GS1 keys out of EPC URIs (GS1 Tag Data Standard, pure-identity and class forms). An EPC URI splits
// the key at the company prefix (`urn:epc:id:sgtin:0614141.107346.2017`), leaves out the check digit,
// and moves an indicator or extension digit into the second component; this puts the element string
// back together. A URI that is not well formed yields nothing rather than a guess.
import { withCheckDigit } from '../gs1/check-digit.ts';
import type { Gs1Key } from './types.ts';

export interface EpcKey {
  gs1: Gs1Key;
  level: 'instance' | 'class';
}

const PREFIX = /^urn:epc:(id|class|idpat):([a-z]+):(.+)$/i;
const COMPANY_PREFIX = /^\d{6,12}$/;
const DIGITS = /^\d+$/;
// A component of an EPC URI: the URI-safe characters of GS1 AI encodable character set 82, with the
// others written as %XX escapes (TDS section 6.3).
const COMPONENT = /^(?:[A-Za-z0-9!'()*+,\-.:;=_]|%[0-9A-Fa-f]{2})+$/;

function decodeComponent(component: string, maxLength: number): string | undefined {
  if (!COMPONENT.test(component)) return undefined;
  try {
    const value = decodeURIComponent(component);
    return value.length <= maxLength ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Company prefix and a numeric reference that together make `total` digits. */
function numeric(companyPrefix: string, reference: string, total: number): boolean {
  return (
    COMPANY_PREFIX.test(companyPrefix) &&
    (reference === '' || DIGITS.test(reference)) &&
    companyPrefix.length + reference.length === total
  );
}

/** The GTIN-14 of a `CompanyPrefix.IndicatorItemReference` pair. */
function gtin14(companyPrefix: string, indicatorItem: string): string | undefined {
  if (indicatorItem === '' || !numeric(companyPrefix, indicatorItem, 13)) return undefined;
  return withCheckDigit(`${indicatorItem[0]}${companyPrefix}${indicatorItem.slice(1)}`);
}

function instance(gs1: Gs1Key): EpcKey {
  return { gs1, level: 'instance' };
}

function parseId(scheme: string, parts: string[]): EpcKey | undefined {
  const [cp = '', second = '', third] = parts;
  switch (scheme) {
    case 'sgtin': {
      const gtin = gtin14(cp, second);
      const serial = third === undefined ? undefined : decodeComponent(third, 20);
      if (parts.length !== 3 || gtin === undefined || serial === undefined) return undefined;
      return instance({ key: 'gtin', value: gtin, gtin14: gtin, serial });
    }
    case 'sscc':
      if (parts.length !== 2 || second === '' || !numeric(cp, second, 17)) return undefined;
      return instance({ key: 'sscc', value: withCheckDigit(`${second[0]}${cp}${second.slice(1)}`) });
    case 'sgln': {
      const extension = third === undefined ? undefined : decodeComponent(third, 20);
      if (parts.length !== 3 || !numeric(cp, second, 12) || extension === undefined) return undefined;
      const gln = withCheckDigit(`${cp}${second}`);
      return instance(extension === '0' ? { key: 'gln', value: gln } : { key: 'gln', value: gln, extension });
    }
    case 'pgln':
      if (parts.length !== 2 || !numeric(cp, second, 12)) return undefined;
      return instance({ key: 'pgln', value: withCheckDigit(`${cp}${second}`) });
    case 'grai': {
      const serial = third === undefined ? undefined : decodeComponent(third, 16);
      if (parts.length !== 3 || !numeric(cp, second, 12) || serial === undefined) return undefined;
      return instance({ key: 'grai', value: `${withCheckDigit(`0${cp}${second}`)}${serial}`, serial });
    }
    case 'gdti': {
      const serial = third === undefined ? undefined : decodeComponent(third, 17);
      if (parts.length !== 3 || !numeric(cp, second, 12) || serial === undefined) return undefined;
      return instance({ key: 'gdti', value: `${withCheckDigit(`${cp}${second}`)}${serial}`, serial });
    }
    case 'giai': {
      const reference = decodeComponent(second, 30 - cp.length);
      if (parts.length !== 2 || !COMPANY_PREFIX.test(cp) || reference === undefined) return undefined;
      return instance({ key: 'giai', value: `${cp}${reference}` });
    }
    case 'gsrn':
      if (parts.length !== 2 || !numeric(cp, second, 17)) return undefined;
      return instance({ key: 'gsrn', value: withCheckDigit(`${cp}${second}`) });
    default:
      return undefined;
  }
}

/**
 * The GS1 key of an EPC URI: `urn:epc:id:{sgtin,sscc,sgln,pgln,grai,gdti,giai,gsrn}:…`,
 * `urn:epc:class:lgtin:CP.IIR.lot` and `urn:epc:idpat:sgtin:CP.IIR.*` (every serial of one GTIN).
 */
export function parseEpcUri(uri: string): EpcKey | undefined {
  const match = PREFIX.exec(uri);
  if (match === null) return undefined;
  const form = (match[1] as string).toLowerCase();
  const scheme = (match[2] as string).toLowerCase();
  const parts = (match[3] as string).split('.');
  if (form === 'id') return parseId(scheme, parts);
  if (scheme !== 'sgtin' && scheme !== 'lgtin') return undefined;
  const [cp = '', indicatorItem = '', last = ''] = parts;
  const gtin = parts.length === 3 ? gtin14(cp, indicatorItem) : undefined;
  if (gtin === undefined) return undefined;
  if (form === 'class' && scheme === 'lgtin') {
    const lot = decodeComponent(last, 20);
    return lot === undefined
      ? undefined
      : { gs1: { key: 'gtin', value: gtin, gtin14: gtin, lot }, level: 'class' };
  }
  if (form === 'idpat' && scheme === 'sgtin' && last === '*') {
    return { gs1: { key: 'gtin', value: gtin, gtin14: gtin }, level: 'class' };
  }
  return undefined;
}
