// Headers that keep browsers from misreading or misusing what the node sends, set on the way out
// in one place so no route can forget them:
// - `X-Content-Type-Options: nosniff` on every answer, so a JSON or text body is never run as script;
// - on every HTML answer, `frame-ancestors 'none'` in its Content-Security-Policy (merged into a
//   policy the route set, replacing any framers it named, else the only directive, which leaves the
//   docs UI's scripts alone), so no
//   other site can frame a page to trick a click (the console's forms, a passport's request-access
//   link); and a Referrer-Policy, `same-origin` unless the route chose a stricter one, so the URLs of
//   pages (a passport UUID, a unit serial) do not travel to the sites they link to.
// Public pages are not framed either: a retailer embedding a passport links to it instead
// (docs/pages.md). Runs as a callback hook: it is on every request, the hot reads included.
import type { FastifyInstance } from 'fastify';

const FRAME_ANCESTORS = "frame-ancestors 'none'";

/**
 * The route's policy with framing refused: its own `frame-ancestors` (the docs UI brings
 * `'self'`) replaced, else `frame-ancestors 'none'` added, else that directive alone.
 */
export function withFrameAncestors(policy: string | undefined): string {
  const directives = (policy ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !/^frame-ancestors(\s|$)/i.test(directive));
  return [...directives, FRAME_ANCESTORS].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.toLowerCase().startsWith('text/html')) {
      const policy = reply.getHeader('content-security-policy');
      reply.header(
        'content-security-policy',
        withFrameAncestors(typeof policy === 'string' ? policy : undefined),
      );
      if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'same-origin');
    }
    done(null, payload);
  });
}
