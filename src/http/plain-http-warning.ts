// The warning a node gives at boot when the address it publishes is plain http on a host other than
// loopback. Every link the node prints (QR codes, GS1 Digital Links, `@id`s, the did:web of its
// workspaces) carries PUBLIC_BASE_URL, and did:web resolvers and GS1 resolvers only speak https, so
// such a node publishes links that verifiers cannot follow. It is a warning, not a refusal: a node
// reached over a private network or being tried out may have no certificate yet.

// localhost and its subdomains (RFC 6761), 127.0.0.0/8 and ::1, as URL's hostname writes them.
const LOOPBACK = /^(?:(?:[a-z0-9-]+\.)*localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

export function plainHttpWarning(publicBaseUrl: string): string | undefined {
  const url = new URL(publicBaseUrl);
  if (url.protocol !== 'http:' || LOOPBACK.test(url.hostname)) return undefined;
  return `PUBLIC_BASE_URL is http on a host that is not loopback (${url.origin}): did:web DID documents and GS1 resolvers need https. Serve https (TLS_CERT and TLS_KEY, or a TLS proxy in front) and set PUBLIC_BASE_URL to the https address.`;
}
