// Request log lines name the URL, and some URLs carry secrets in their query: an access grant token
// (`?grant=`) and a request's status key (`?key=`). Their values never reach a log.
import type { FastifyRequest } from 'fastify';

export const SECRET_QUERY_PARAMETERS: readonly string[] = ['grant', 'key'];
const REDACTED = 'REDACTED';

/** The URL with the value of each secret query parameter replaced. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const parts = url.slice(start + 1).split('&');
  let changed = false;
  const kept = parts.map((part) => {
    const name = part.split('=')[0] ?? '';
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replaceAll('+', ' '));
    } catch {
      // A malformed escape is logged as sent; it names no secret parameter we know.
    }
    if (!SECRET_QUERY_PARAMETERS.includes(decoded)) return part;
    changed = true;
    return `${name}=${REDACTED}`;
  });
  return changed ? `${url.slice(0, start)}?${kept.join('&')}` : url;
}

/** Fastify's request serializer, with secret query values redacted. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
