// The body of a webhook delivery and its Standard Webhooks signature. The body is JSON:
// `{ id, type, timestamp, workspaceId, data }`; `id` is the stable event id, also sent as
// `webhook-id`, the same on every retry. The signature is `v1,<base64 HMAC-SHA256>` over
// `<webhook-id>.<webhook-timestamp>.<body>` under each secret in force, space-separated.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export interface WebhookEvent {
  id: string;
  type: string;
  /** When the change happened (ISO 8601). */
  timestamp: string;
  workspaceId: string;
  data: Record<string, unknown>;
}

export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks writes them. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The headers of one delivery of `body`, signed with every secret given (new first). */
export function signedHeaders(
  eventId: string,
  at: Date,
  body: string,
  secrets: readonly string[],
): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signatures = secrets.map((secret) => new Webhook(secret).sign(eventId, at, body));
  return {
    'webhook-id': eventId,
    'webhook-timestamp': timestamp,
    'webhook-signature': signatures.join(' '),
  };
}
