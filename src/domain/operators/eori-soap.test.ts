import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildValidateEoriRequest, EORI_NAMESPACE, parseValidateEoriResponse } from './eori-soap.ts';

// As the EU service answers: its own prefixes, unqualified children, extra fields per result.
const SERVICE_ANSWER = `<?xml version='1.0' encoding='UTF-8'?>
<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/">
  <S:Body>
    <ns0:validateEORIResponse xmlns:ns0="http://eori.ws.eos.dds.s/">
      <return>
        <requestDate>26/02/2026</requestDate>
        <result>
          <eori>DE123456789012345</eori>
          <status>0</status>
          <statusDescr>Valid</statusDescr>
          <name>Muster &amp; S&#246;hne GmbH</name>
          <street/>
        </result>
        <result>
          <eori>FR99999999999</eori>
          <status>1</status>
          <statusDescr>Not valid</statusDescr>
        </result>
        <result><eori><![CDATA[IT12345]]></eori><status>7</status></result>
      </return>
    </ns0:validateEORIResponse>
  </S:Body>
</S:Envelope>`;

describe('validateEORI request', () => {
  it('puts each number in an eori element of the service namespace', () => {
    const xml = buildValidateEoriRequest(['DE123', 'FR456']);
    expect(xml).toContain('http://schemas.xmlsoap.org/soap/envelope/');
    expect(xml).toContain(`xmlns:ev="${EORI_NAMESPACE}"`);
    expect(xml).toMatch(
      /<ev:validateEORI>\s*<ev:eori>DE123<\/ev:eori>\s*<ev:eori>FR456<\/ev:eori>\s*<\/ev:validateEORI>/,
    );
  });

  it('escapes markup and takes 1 to 10 numbers', () => {
    expect(buildValidateEoriRequest(['<a&b>'])).toContain('<ev:eori>&lt;a&amp;b&gt;</ev:eori>');
    expect(() => buildValidateEoriRequest([])).toThrow(RangeError);
    expect(() => buildValidateEoriRequest(Array(11).fill('DE1'))).toThrow(RangeError);
    expect(() => buildValidateEoriRequest(Array(10).fill('DE1'))).not.toThrow();
  });
});

describe('validateEORI response', () => {
  it('reads every result, whatever the prefixes', () => {
    expect(parseValidateEoriResponse(SERVICE_ANSWER)).toEqual({
      kind: 'results',
      results: [
        { eori: 'DE123456789012345', status: 'valid', statusDescr: 'Valid' },
        { eori: 'FR99999999999', status: 'invalid', statusDescr: 'Not valid' },
        { eori: 'IT12345', status: 'unknown', statusDescr: null },
      ],
    });
  });

  it('reads prefixed children too', () => {
    const xml = `<e:Envelope xmlns:e="x"><e:Body><r:validateEORIResponse xmlns:r="${EORI_NAMESPACE}"><r:return>
      <r:result><r:eori>AT1</r:eori><r:status>0</r:status><r:statusDescr>Valid</r:statusDescr></r:result>
      </r:return></r:validateEORIResponse></e:Body></e:Envelope>`;
    expect(parseValidateEoriResponse(xml)).toEqual({
      kind: 'results',
      results: [{ eori: 'AT1', status: 'valid', statusDescr: 'Valid' }],
    });
  });

  it('reports a SOAP fault', () => {
    const fault = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>
      <soap:Fault><faultcode>soap:Server</faultcode><faultstring>Too many EORI numbers</faultstring></soap:Fault>
      </soap:Body></soap:Envelope>`;
    expect(parseValidateEoriResponse(fault)).toEqual({ kind: 'fault', message: 'Too many EORI numbers' });
  });

  it('yields no results for text that is not an answer, and never throws', () => {
    expect(parseValidateEoriResponse('<html>Service down</html>')).toEqual({ kind: 'results', results: [] });
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseValidateEoriResponse(text);
        return parsed.kind === 'results' || parsed.kind === 'fault';
      }),
    );
  });

  it('reads back what the request builder escapes', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && s !== ''),
        (eori) => {
          const request = buildValidateEoriRequest([eori]);
          const answer = request
            .replace('validateEORI>', 'validateEORIResponse><return><result>')
            .replace('</ev:validateEORI>', '<status>0</status></result></return></ev:validateEORIResponse>');
          const parsed = parseValidateEoriResponse(answer);
          return parsed.kind === 'results' && parsed.results[0]?.eori === eori;
        },
      ),
    );
  });
});
