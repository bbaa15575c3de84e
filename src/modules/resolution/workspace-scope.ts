// Which workspace's passports a host shows: the node's own host shows every workspace's, a workspace
// host (`acme.<node host>`) only that workspace's.
import type { ServiceContext } from '../../context.ts';
import { normaliseHost } from '../../core/host.ts';
import { workspaceIdOfSubdomain } from '../workspaces/service.ts';

/** The workspace a host names: null on the node's own host, undefined for an unknown one. */
export type WorkspaceScope = (host: string) => Promise<string | null | undefined>;

export function workspaceScope(services: ServiceContext): WorkspaceScope {
  const publicHost = normaliseHost(new URL(services.baseUrl).hostname);
  return async (rawHost) => {
    const host = normaliseHost(rawHost);
    if (!host.endsWith(`.${publicHost}`)) return null;
    return (await workspaceIdOfSubdomain(services.db, host.slice(0, -publicHost.length - 1))) ?? undefined;
  };
}
