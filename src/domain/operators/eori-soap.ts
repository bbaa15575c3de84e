// The EU EORI validation web service's SOAP 1.1 messages: the validateEORI request and its answer.
// The protocol is small and fixed (one operation, flat elements), so it is built and read here by
// hand rather than through a general SOAP stack; namespace prefixes are never relied upon, because
// the service and its stand-ins choose their own.

export const EORI_NAMESPACE = 'http://eori.ws.eos.dds.s/';
export const SOAP_ENVELOPE_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';
/** The service refuses more than 10 numbers in one request. */
export const MAX_EORIS_PER_REQUEST = 10;

export interface EoriResult {
  eori: string;
  /** `0` in the answer is valid, `1` not valid; anything else is reported as unknown. */
  status: 'valid' | 'invalid' | 'unknown';
  statusDescr: string | null;
}

export type EoriResponse = { kind: 'results'; results: EoriResult[] } | { kind: 'fault'; message: string };

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  const withoutCdata = text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, inner: string) => escapeXml(inner));
  return withoutCdata.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return NAMED_ENTITIES[entity] ?? whole;
  });
}

/** The SOAP envelope asking about 1 to 10 EORI numbers. */
export function buildValidateEoriRequest(eoris: readonly string[]): string {
  if (eoris.length === 0 || eoris.length > MAX_EORIS_PER_REQUEST) {
    throw new RangeError(`validateEORI takes 1 to ${MAX_EORIS_PER_REQUEST} numbers, got ${eoris.length}`);
  }
  const items = eoris.map((eori) => `      <ev:eori>${escapeXml(eori)}</ev:eori>`).join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENVELOPE_NAMESPACE}" xmlns:ev="${EORI_NAMESPACE}">`,
    '  <soapenv:Header/>',
    '  <soapenv:Body>',
    '    <ev:validateEORI>',
    items,
    '    </ev:validateEORI>',
    '  </soapenv:Body>',
    '</soapenv:Envelope>',
  ].join('\n');
}

// An element of the given local name with any (or no) prefix; `\b` keeps `status` from matching
// `statusDescr`.
function elements(xml: string, localName: string): string[] {
  const pattern = new RegExp(
    `<(?:[A-Za-z_][\\w.-]*:)?${localName}\\b[^>]*?(?:/>|>([\\s\\S]*?)</(?:[A-Za-z_][\\w.-]*:)?${localName}\\s*>)`,
    'g',
  );
  return [...xml.matchAll(pattern)].map((match) => match[1] ?? '');
}

function firstText(xml: string, localName: string): string | null {
  const [content] = elements(xml, localName);
  return content === undefined ? null : decodeXmlText(content).trim();
}

/** Reads a validateEORI answer (or a SOAP fault). Unreadable text yields no results. */
export function parseValidateEoriResponse(xml: string): EoriResponse {
  const [fault] = elements(xml, 'Fault');
  if (fault !== undefined) {
    return { kind: 'fault', message: firstText(fault, 'faultstring') ?? 'SOAP fault' };
  }
  const results: EoriResult[] = [];
  for (const block of elements(xml, 'result')) {
    const eori = firstText(block, 'eori');
    if (!eori) continue;
    const code = firstText(block, 'status');
    results.push({
      eori,
      status: code === '0' ? 'valid' : code === '1' ? 'invalid' : 'unknown',
      statusDescr: firstText(block, 'statusDescr'),
    });
  }
  return { kind: 'results', results };
}
