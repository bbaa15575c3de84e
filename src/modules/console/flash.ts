// The confirmation a page shows after a form's post/redirect/get: the form's POST answers 303 to
// the page that shows the outcome with `?done=<what>` (and `&to=<status>` after a status change),
// and that page, once, says what was done. A query parameter rather than a cookie: it needs no
// state, survives no further navigation, and a reload shows the same page without posting again.
// Only the names below are read, so a link cannot make the console say anything else.
import { PASSPORT_STATUSES } from '../../domain/passports/lifecycle.ts';

const FLASHES = {
  moved: 'passports.moved',
  sealed: 'passports.sealed',
  draftDeleted: 'flash.draftDeleted',
  keyRevoked: 'flash.keyRevoked',
  grantRevoked: 'flash.grantRevoked',
  grantApproved: 'flash.grantApproved',
  grantDenied: 'flash.grantDenied',
  webhookDeleted: 'flash.webhookDeleted',
  webhookSaved: 'trust.webhooks.saved',
  invitationWithdrawn: 'flash.invitationWithdrawn',
  roleChanged: 'flash.roleChanged',
  joined: 'flash.joined',
  signedOut: 'flash.signedOut',
  mfaOn: 'flash.mfaOn',
  registered: 'registry.recorded',
} as const;

export type Flash = keyof typeof FLASHES;

/** The page to go to, with what was done. */
export function withFlash(path: string, done: Flash, to?: string): string {
  const query = new URLSearchParams({ done });
  if (to) query.set('to', to);
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** The confirmation a query asks for, in the member's words; nothing for an unknown name. */
export function flashOf(
  query: unknown,
  t: (key: string, params?: Record<string, string>) => string,
): string | undefined {
  const { done, to } = (query ?? {}) as { done?: unknown; to?: unknown };
  if (typeof done !== 'string' || !Object.hasOwn(FLASHES, done)) return undefined;
  const key = FLASHES[done as Flash];
  if (done !== 'moved') return t(key);
  const status = typeof to === 'string' && (PASSPORT_STATUSES as readonly string[]).includes(to) ? to : '';
  return status ? t(key, { status }) : undefined;
}
