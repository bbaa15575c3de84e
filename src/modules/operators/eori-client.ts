// Asks the EU EORI validation web service whether an EORI number is registered. The answer only
// decides a warning and the stored registryStatus, so this never throws: a slow, failing or
// unreadable registry is 'unavailable' and the operator is stored as unchecked.
import type { EoriRegistry } from '../../core/eori-registry.ts';
import { buildValidateEoriRequest, parseValidateEoriResponse } from '../../domain/operators/eori-soap.ts';

export interface SoapEoriRegistryOptions {
  /** The service endpoint (EORI_VALIDATION_URL). */
  url: string;
  /** A registry slower than this is treated as unavailable; a create request waits on it. */
  timeoutMs?: number;
  /** Where failures are reported; they never reach the caller. */
  onError?: (error: unknown) => void;
}

const DEFAULT_TIMEOUT_MS = 2_000;

/** The production client: SOAP 1.1 `validateEORI` over HTTP POST. */
export function soapEoriRegistry(options: SoapEoriRegistryOptions): EoriRegistry {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    async check(eori) {
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'text/xml; charset=utf-8',
            accept: 'text/xml',
            // Document/literal operation: SOAP 1.1 requires the header, the service wants it empty.
            soapaction: '""',
          },
          body: buildValidateEoriRequest([eori]),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        const answer = parseValidateEoriResponse(text);
        if (answer.kind === 'fault') {
          options.onError?.(new Error(`EORI registry fault: ${answer.message}`));
          return 'unavailable';
        }
        if (!response.ok) {
          options.onError?.(new Error(`EORI registry answered HTTP ${response.status}`));
          return 'unavailable';
        }
        const result = answer.results.find((candidate) => candidate.eori.toUpperCase() === eori);
        if (!result || result.status === 'unknown') return 'unavailable';
        return result.status;
      } catch (error) {
        options.onError?.(error);
        return 'unavailable';
      }
    },
  };
}
