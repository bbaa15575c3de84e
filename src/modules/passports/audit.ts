// The audit record of every passport change, written in the transaction of the change itself so
// that the trail (and the webhook outbox that reads it) exists exactly when the change does.

import type { Actor } from '../../core/actor.ts';
import type { Executor } from '../../db/client.ts';
import { type Notice, recordChange } from '../audit/service.ts';

export type PassportAction =
  | 'passport.created'
  | 'passport.updated'
  | 'passport.status_changed'
  | 'passport.sealed'
  | 'passport.deleted';

export interface PassportFacts {
  id: string;
  productId: string;
  version: number;
  status: string;
}

export async function auditPassport(
  tx: Executor,
  actor: Actor,
  at: Date,
  action: PassportAction,
  passport: PassportFacts,
  extra: Record<string, unknown> = {},
  /** What the workspace's people should hear of the change, beside the audit record. */
  notice?: Notice,
): Promise<void> {
  const details = {
    productId: passport.productId,
    version: passport.version,
    status: passport.status,
    ...extra,
  };
  // A recall is the change people must hear of at once: it also becomes a workspace notice.
  const recall = action === 'passport.status_changed' && passport.status === 'RECALLED';
  await recordChange(
    tx,
    actor.tenantId,
    actor.changedBy,
    at,
    { action, subjectType: 'passport', subjectId: passport.id, details },
    recall
      ? {
          kind: 'passport.recalled',
          message: `Passport ${passport.productId} was recalled`,
          details: { passportId: passport.id, ...extra },
        }
      : notice,
  );
}
