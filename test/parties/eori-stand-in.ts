// A local stand-in for the EU EORI validation web service: it speaks the service's SOAP 1.1
// protocol on 127.0.0.1 and answers from a fixture table, so the production client's XML building,
// HTTP exchange and parsing all run for real. Written apart from the client on purpose: it shares
// no code with it, so a mistake on one side cannot hide on the other.
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stand-in treats a number: a registry answer, or a way of failing. */
export type Fixture = 'valid' | 'invalid' | 'fault' | 'http-error' | 'slow' | 'garbage';

export interface StandIn {
  url: string;
  /** The numbers of every request received, in order. */
  requests: { eoris: string[]; soapAction: string | undefined; contentType: string | undefined }[];
  close(): Promise<void>;
}

const ENVELOPE = 'http://schemas.xmlsoap.org/soap/envelope/';

function requestedEoris(xml: string): string[] {
  const operation = /<(?:\w+:)?validateEORI\b[^>]*>([\s\S]*?)<\/(?:\w+:)?validateEORI>/.exec(xml);
  if (!operation?.[1]) return [];
  return [...operation[1].matchAll(/<(?:\w+:)?eori>([^<]*)<\/(?:\w+:)?eori>/g)].map((m) =>
    (m[1] ?? '').trim(),
  );
}

function answer(eoris: string[], fixtures: Record<string, Fixture>): string {
  const results = eoris.map((eori) => {
    const valid = fixtures[eori] === 'valid';
    return `<result><eori>${eori}</eori><status>${valid ? 0 : 1}</status><statusDescr>${
      valid ? 'Valid' : 'Not valid'
    }</statusDescr><name>${valid ? 'Registered Trader' : ''}</name></result>`;
  });
  return `<?xml version='1.0' encoding='UTF-8'?><S:Envelope xmlns:S="${ENVELOPE}"><S:Body><ns2:validateEORIResponse xmlns:ns2="http://eori.ws.eos.dds.s/"><return><requestDate>01/01/2026</requestDate>${results.join('')}</return></ns2:validateEORIResponse></S:Body></S:Envelope>`;
}

const FAULT = `<S:Envelope xmlns:S="${ENVELOPE}"><S:Body><S:Fault><faultcode>S:Server</faultcode><faultstring>Internal error</faultstring></S:Fault></S:Body></S:Envelope>`;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startEoriStandIn(fixtures: Record<string, Fixture>, slowMs = 5_000): Promise<StandIn> {
  const requests: StandIn['requests'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer(async (request, response) => {
    const xml = await bodyOf(request);
    const eoris = requestedEoris(xml);
    requests.push({
      eoris,
      soapAction: request.headers.soapaction as string | undefined,
      contentType: request.headers['content-type'],
    });
    const reply = (status: number, text: string) =>
      response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' }).end(text);
    const kind = fixtures[eoris[0] ?? ''];
    if (request.method !== 'POST' || eoris.length === 0 || eoris.length > 10) return reply(500, FAULT);
    if (kind === 'fault') return reply(500, FAULT);
    if (kind === 'http-error') return reply(503, 'Service Unavailable');
    if (kind === 'garbage') return reply(200, '<html>maintenance</html>');
    if (kind === 'slow') {
      const timer = setTimeout(() => reply(200, answer(eoris, fixtures)), slowMs);
      timers.add(timer);
      return;
    }
    return reply(200, answer(eoris, fixtures));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/taxation_customs/dds2/eos/validation/services/validation`,
    requests,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close();
    },
  };
}
