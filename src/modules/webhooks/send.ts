// One HTTP request to a registered target (a webhook POST, a backup copy's PUT, the GET of a held
// copy for the registry's BACKUP_HELD check), with the SSRF guard
// on the connection and one overall timeout (connect, send, answer). Redirects are not followed: a
// receiver answers where it was registered.
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { allowedAddresses, bareHost, checkUrlShape, guardedLookup, type TargetPolicy } from './target.ts';

export interface SendResult {
  ok: boolean;
  /** The receiver's status code; null when no answer came. */
  responseCode: number | null;
  latencyMs: number;
  /** Why the attempt failed, in words (never the receiver's body). */
  error: string | null;
  /** The receiver's Location header, when it sent one. */
  location?: string;
  /** The start of the receiver's body (up to 64 KiB), when the request asked for it. */
  body?: string;
}

export interface GuardedRequest {
  method: 'POST' | 'PUT' | 'GET';
  /** The request body; a GET sends none. */
  body: string;
  headers: Record<string, string>;
  userAgent: string;
  /** Keep the start of the answer's body (a backup host's answer names the copy's URL). */
  readBody?: boolean;
  /** How much of the answer's body to keep (default 64 KiB): a backup copy read whole needs more. */
  maxAnswerBytes?: number;
}

const MAX_ANSWER_BYTES = 64 * 1024;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function sendWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  policy: TargetPolicy,
  timeoutMs: number,
): Promise<SendResult> {
  return sendGuarded(
    rawUrl,
    { method: 'POST', body, headers, userAgent: 'OpenDPP-Webhooks/1' },
    policy,
    timeoutMs,
  );
}

export async function sendGuarded(
  rawUrl: string,
  { method, body, headers, userAgent, readBody = false, maxAnswerBytes = MAX_ANSWER_BYTES }: GuardedRequest,
  policy: TargetPolicy,
  timeoutMs: number,
): Promise<SendResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const url = checkUrlShape(rawUrl, policy);
    // An IP literal never reaches the lookup, so it is judged here.
    await allowedAddresses(bareHost(url), policy);
    const options: RequestOptions = {
      method,
      headers: {
        ...headers,
        // A GET (a credential's status list, a backup copy) sends no body.
        ...(method === 'GET'
          ? {}
          : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
        'user-agent': userAgent,
      },
      // Node types lookup as dns.lookup's overloads; the guarded lookup answers both the one-address and the all-addresses form.
      lookup: guardedLookup(policy) as unknown as RequestOptions['lookup'],
      signal: AbortSignal.timeout(timeoutMs),
    };
    let location: string | undefined;
    const answer: Buffer[] = [];
    let answerBytes = 0;
    const responseCode = await new Promise<number>((resolve, reject) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const outgoing = send(url, options, (response) => {
        response.on('error', reject);
        const header = response.headers.location;
        if (typeof header === 'string') location = header;
        // The body is drained, not read, unless asked for: then its start is kept.
        if (readBody)
          response.on('data', (chunk: Buffer) => {
            if (answerBytes < maxAnswerBytes) answer.push(chunk.subarray(0, maxAnswerBytes - answerBytes));
            answerBytes += chunk.length;
          });
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.resume();
      });
      outgoing.on('error', reject);
      outgoing.end(method === 'GET' ? undefined : body);
    });
    const ok = responseCode >= 200 && responseCode < 300;
    return {
      ok,
      responseCode,
      latencyMs: latency(),
      error: ok ? null : `the receiver answered ${responseCode}`,
      ...(location !== undefined ? { location } : {}),
      ...(readBody ? { body: Buffer.concat(answer).toString('utf8') } : {}),
    };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
    return {
      ok: false,
      responseCode: null,
      latencyMs: latency(),
      error: timedOut ? `no answer within ${timeoutMs} ms` : errorText(error),
    };
  }
}
