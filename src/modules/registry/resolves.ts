// IDENTIFIER_RESOLVES (docs/registry.md): the registry fetches the passport at its identifier. The
// node asks itself the same, in process (no network): the identifier's path with
// `Accept: application/ld+json` must answer 200 with a machine-readable passport, with no redirect,
// or, for an item link, one redirect to the same origin, and never to http.
import type { RegistryCheck } from '../../domain/registry/record.ts';

export interface SelfAnswer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** One GET of a path of this node, in process, as an anonymous reader at the public host. */
export type SelfResolve = (path: string, host: string) => Promise<SelfAnswer>;

const check = (ok: boolean, message: string): RegistryCheck => ({
  code: 'IDENTIFIER_RESOLVES',
  ok,
  message,
  field: 'uniqueProductIdentifier',
});

const isRedirect = (status: number) => status >= 300 && status < 400;

export async function resolvesCheck(
  resolve: SelfResolve,
  identifier: string,
  baseUrl: string,
  item: boolean,
): Promise<{ check: RegistryCheck; served: Record<string, unknown> | null }> {
  let url: URL;
  try {
    url = new URL(identifier);
  } catch {
    return { check: check(false, 'The identifier is not a URL'), served: null };
  }
  const origin = new URL(baseUrl).origin;
  if (url.origin !== origin) {
    return { check: check(false, `The identifier is not on this node (${origin})`), served: null };
  }
  let answer = await resolve(`${url.pathname}${url.search}`, url.host);
  let redirected = false;
  if (isRedirect(answer.statusCode)) {
    const location = String(answer.headers.location ?? '');
    const next = new URL(location, url);
    if (!item) {
      return {
        check: check(
          false,
          `The identifier redirects (${answer.statusCode}) to ${next.href}: the registry takes no redirect for a model or batch`,
        ),
        served: null,
      };
    }
    if (next.protocol !== 'https:') {
      return {
        check: check(
          false,
          `The identifier redirects to ${next.protocol.replace(':', '')}: never to a weaker protocol`,
        ),
        served: null,
      };
    }
    if (next.origin !== origin) {
      return {
        check: check(false, `The identifier redirects to another origin (${next.origin})`),
        served: null,
      };
    }
    answer = await resolve(`${next.pathname}${next.search}`, next.host);
    redirected = true;
    if (isRedirect(answer.statusCode)) {
      return { check: check(false, 'The identifier redirects more than once'), served: null };
    }
  }
  const type = String(answer.headers['content-type'] ?? '');
  if (answer.statusCode !== 200) {
    return {
      check: check(false, `The identifier answers ${answer.statusCode}, not 200: is the passport published?`),
      served: null,
    };
  }
  if (!type.includes('application/ld+json')) {
    return { check: check(false, `The identifier answers ${type}, not application/ld+json`), served: null };
  }
  let served: Record<string, unknown>;
  try {
    served = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    return { check: check(false, 'The identifier answers no readable JSON-LD'), served: null };
  }
  return {
    check: check(
      true,
      redirected
        ? 'The identifier answers the passport as JSON-LD after one redirect on this node'
        : 'The identifier answers the passport as JSON-LD, with no redirect',
    ),
    served,
  };
}
