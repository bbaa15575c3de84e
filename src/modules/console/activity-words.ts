// An audit event as a sentence of the page's language ("anna@example.com published VC-300 LFP 48V")
// instead of its action code (`passport.status_changed`). The subject's name is a link on the
// page, so the sentence comes in three parts: the words before the name, the name, the words after.
import { type Lang, t } from '../../core/i18n.ts';

export interface ActivityEvent {
  action: string;
  details?: unknown;
}

export interface ActivitySentence {
  before: string;
  after: string;
}

/** Where the subject's name goes in the sentence, split out after translating. */
const SLOT = '\u0001';

/** A status change is named by where it went, and from where (ACTIVE after RECALLED: reactivated). */
function statusVerb(details: Record<string, unknown>): string {
  const to = String(details.status ?? '');
  if (to === 'ACTIVE') return details.from === 'DRAFT' ? 'published' : 'reactivated';
  if (to === 'RECALLED') return 'recalled';
  if (to === 'DECOMMISSIONED') return 'decommissioned';
  return 'changed';
}

const KNOWN = new Set([
  'passport.created',
  'passport.updated',
  'passport.deleted',
  'passport.ingested',
  'passport.sealed',
  'passport.seal_removed',
  'operator.created',
  'operator.updated',
  'operator.archived',
  'operator.restored',
  'facility.created',
  'facility.updated',
  'facility.deleted',
  'member.invited',
  'member.joined',
  'member.removed',
  'member.role_changed',
  'member.mfa_enrolled',
  'member.signed_in',
  'member.signed_out',
  'grant.issued',
  'grant.requested',
  'key.created',
  'batteryunit.created',
]);

/** The sentence of an event done by `who`; the subject's name goes between `before` and `after`. */
export function activitySentence(lang: Lang, event: ActivityEvent, who: string): ActivitySentence {
  const details = (
    typeof event.details === 'object' && event.details !== null ? event.details : {}
  ) as Record<string, unknown>;
  const key =
    event.action === 'passport.status_changed'
      ? `passport.${statusVerb(details)}`
      : KNOWN.has(event.action)
        ? event.action
        : 'other';
  const text = t(lang, `console.words.activity.${key.replace('.', '_')}`, {
    who,
    what: SLOT,
    action: event.action,
  });
  const [before = '', after = ''] = text.split(SLOT);
  return { before, after };
}
