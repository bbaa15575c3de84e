// Which change becomes which webhook event. The contract names the kinds; which operation emits
// which is ours to decide (docs/webhooks.md): a passport created or updated was ingested, a seal is
// `passport.sealed`, a status change to RECALLED is `passport.recalled`, a serialisation is
// `batteryunit.created`, a seal of a registered passport's newer version
// `passport.registry_update_due` (docs/registry.md). Other changes (deletions of drafts, other status changes) emit nothing.

export const WEBHOOK_KINDS = [
  'passport.ingested',
  'passport.sealed',
  'passport.recalled',
  'batteryunit.created',
  'passport.registry_update_due',
] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** What a subscription may ask for: the kinds, or `*` for all of them. */
export const SUBSCRIBABLE = [...WEBHOOK_KINDS, '*'] as const;

/** The kind of the test event `POST …/test` sends; never queued, never subscribed to. */
export const TEST_KIND = 'webhook.test';

export function webhookKindOf(
  action: string,
  details: Record<string, unknown> | undefined,
): WebhookKind | null {
  switch (action) {
    case 'passport.created':
    case 'passport.updated':
      return 'passport.ingested';
    case 'passport.sealed':
      return 'passport.sealed';
    case 'passport.status_changed':
      return details?.status === 'RECALLED' ? 'passport.recalled' : null;
    case 'batteryunit.created':
      return 'batteryunit.created';
    case 'passport.registry_update_due':
      return 'passport.registry_update_due';
    default:
      return null;
  }
}
