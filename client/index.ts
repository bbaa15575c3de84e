// @opendpp/client: the node's API as typed calls. Paths, parameters, bodies and answers come from
// schema.d.ts, which `npm run client:generate` makes from the released contract, so a call the
// contract does not allow does not compile.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.d.ts';

export type { components, paths } from './schema.d.ts';

export interface OpenDppClientOptions {
  /** Where the node answers, e.g. https://dpp.example.com (no trailing /api/v1). */
  baseUrl: string;
  /** A workspace API key (`...dpp_token_...`), the platform admin token, or a grant; none for public reads. */
  token?: string;
  /** A fetch of the caller's own (proxies, tests); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

export type OpenDppClient = Client<paths>;

export function createOpenDppClient(options: OpenDppClientOptions): OpenDppClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
