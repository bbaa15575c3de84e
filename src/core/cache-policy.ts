// What a shared cache in front of the node (nginx, Varnish, a CDN; deploy/nginx/) may do with each
// public answer. The node promises that a change is seen by every instance within one second
// (RENDER_TTL_MS): a shared cache may keep a public answer for that second (`s-maxage=1`) and no
// longer, browsers revalidate every time (`max-age=0`, answered 304 for a current ETag), and
// `stale-if-error` is granted only where serving the previous answer while the origin fails is
// acceptable (docs/deployment.md lists the decision per answer). An answer that depends on who asks
// is `private, no-store`: no cache keeps it.
import { createHash } from 'node:crypto';

/** A passport, unit or Digital Link answer: one second, and no stale copy when the origin fails. */
export const PUBLIC_READ = { 'cache-control': 'public, max-age=0, s-maxage=1' } as const;

/**
 * A status list: one second, never stale. A verifier that cannot reach the node must fail closed
 * rather than accept a credential revoked during the outage.
 */
export const PUBLIC_STATUS = { 'cache-control': 'public, max-age=0, s-maxage=1' } as const;

/**
 * A DID document (the issuer's keys): one second, and a day of stale copies while the origin fails:
 * a rotated key is published ahead of use, so the previous document still verifies what it signed.
 */
export const PUBLIC_KEYS = {
  'cache-control': 'public, max-age=0, s-maxage=1, stale-if-error=86400',
} as const;

/** An answer that depends on who asks: never kept by any cache. */
export const PRIVATE_ANSWER = { 'cache-control': 'private, no-store' } as const;

/** What an answer holds, for a purge by tag (Cache-Tag). */
export interface CacheTags {
  workspaceId: string;
  passportId?: string | undefined;
  unitId?: string | undefined;
}

/** The Cache-Tag value naming what an answer holds: its workspace, passport and unit. */
export function cacheTag(tags: CacheTags): string {
  const names = [`workspace:${tags.workspaceId}`];
  if (tags.passportId) names.push(`passport:${tags.passportId}`);
  if (tags.unitId) names.push(`unit:${tags.unitId}`);
  return names.join(', ');
}

/** The tag a purge names for every answer of a workspace. */
export const workspaceTag = (workspaceId: string) => `workspace:${workspaceId}`;

/** The ETag of an answer's bytes: the same bytes give the same tag on every instance. */
export const etagOf = (body: Buffer | string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
