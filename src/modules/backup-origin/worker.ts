// The backup worker: claims due pushes (a sealed version for a target), PUTs the version as its
// owner is served it to `{target}/backup/v1/passports/{id}/versions/{n}` with the target's token, and
// records the outcome on the outbox row and on the passport. It runs the webhook outbox's pattern
// and parts: the same SSRF-guarded sender, the same retry schedule with jitter, the same lease that
// hands a push a dead worker left to another claim.
//
// 200 or 201: the target holds the copy, at the URL pushed to; an answer naming the copy anywhere
// else (`copy.uri` on another origin or path) fails the push, as the owner's history must not carry
// a URL the target chose. 409: it holds another document for that version, or another partner holds
// the passport id, which no retry changes (failed at once). Any other 4xx: refused (failed at once:
// the document or the token is wrong, and a retry would send the same). 5xx and network failures
// follow the schedule. Each push names the sealed version it follows (OpenDPP-Previous-Version), so
// the host takes a version after versions that were never sealed.
import { type PollingWorker, startPolling } from '../../core/polling-worker.ts';
import { retryDelay } from '../../domain/webhooks/schedule.ts';
import { recordBackup, sealedVersionText } from '../passports/service.ts';
import {
  type OutboxWorkerOptions,
  outboxSettings,
  type SendResult,
  sendGuarded,
} from '../webhooks/service.ts';
import * as store from './store.ts';
import { openToken } from './token.ts';

export interface BackupWorkerOptions extends OutboxWorkerOptions {
  /** The node's PUBLIC_BASE_URL: the live version is rendered with it, as its owner reads it. */
  baseUrl: string;
}

/** `runOnce` answers how many pushes it attempted. */
export type BackupWorker = PollingWorker;

/**
 * Where the target holds the copy: the URL pushed to, when its answer names that URL as `copy.uri` or
 * names none. Any other value is refused, with the reason (which never repeats it).
 */
function copyUriOf(body: string | undefined, putUrl: string): { uri: string } | { refused: string } {
  let uri: unknown;
  try {
    uri = (JSON.parse(body ?? '') as { copy?: { uri?: unknown } } | null)?.copy?.uri;
  } catch {
    // Not JSON: the answer names no URL, so the URL put to names the copy.
  }
  if (uri === undefined) return { uri: putUrl };
  const refused = { refused: `the target answered a copy.uri other than ${putUrl}, the URL pushed to` };
  if (typeof uri !== 'string' || !URL.canParse(uri)) return refused;
  const named = new URL(uri);
  const pushed = new URL(putUrl);
  const same =
    named.origin === pushed.origin &&
    named.pathname === pushed.pathname &&
    named.username === '' &&
    named.password === '' &&
    named.search === '' &&
    named.hash === '';
  return same ? { uri: putUrl } : refused;
}

/** Why a push failed, in words: the send's own, with the host's error code when it sent one. */
function failureReason(result: SendResult): string | null {
  if (result.ok) return null;
  try {
    const code = (JSON.parse(result.body ?? '') as { code?: unknown } | null)?.code;
    // Only a code of the error table's shape: the reason never carries the target's free text.
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(code)) return `${result.error} (${code})`;
  } catch {
    // No JSON answer: the send's words alone.
  }
  return result.error;
}

type Verdict = 'held' | 'retry' | 'failed';

function verdictOf(result: SendResult): Verdict {
  const code = result.responseCode;
  if (code === 200 || code === 201) return 'held';
  if (code !== null && code >= 400 && code < 500) return 'failed';
  return 'retry';
}

export function startBackupWorker(options: BackupWorkerOptions): BackupWorker {
  const { db, masterKey, policy, timeoutMs, baseUrl } = options;
  const { clock, random, batch, pollMs, leaseUntil } = outboxSettings(options);

  async function push(row: store.ClaimedPush, target: store.TargetRow | undefined) {
    const key = { tenantId: row.tenant_id, passportId: row.passport_id, version: row.version };
    const text = target ? await sealedVersionText(db, baseUrl, key) : null;
    const now = clock();
    if (!target || text === null) {
      // The target was deleted, or the passport with it: nothing is left to push.
      const error = target ? 'the sealed version no longer exists' : 'backup target deleted';
      await store.recordOutcome(
        db,
        row,
        { status: 'failed', nextAttemptAt: now, responseCode: null, error, backupUri: null },
        now,
      );
      return;
    }
    const putUrl = `${target.url}/backup/v1/passports/${row.passport_id}/versions/${row.version}`;
    const token = openToken(masterKey, target.id, target.token);
    const previous: Record<string, string> =
      row.previous === null ? {} : { 'opendpp-previous-version': String(row.previous) };
    const result = await sendGuarded(
      putUrl,
      {
        method: 'PUT',
        body: text,
        headers: { authorization: `Bearer ${token}`, ...previous },
        userAgent: 'OpenDPP-Backup/1',
        readBody: true,
      },
      policy,
      timeoutMs,
    );
    const after = clock();
    const verdict = verdictOf(result);
    const copy = verdict === 'held' ? copyUriOf(result.body, putUrl) : null;
    const delay = verdict === 'retry' ? retryDelay(row.attempts, random()) : null;
    const status =
      verdict === 'held' && copy && 'uri' in copy ? 'held' : delay === null ? 'failed' : 'pending';
    const backupUri = copy && 'uri' in copy ? copy.uri : null;
    const reason = copy && 'refused' in copy ? copy.refused : failureReason(result);
    await store.recordOutcome(
      db,
      row,
      {
        status,
        nextAttemptAt: delay === null ? after : new Date(after.getTime() + delay),
        responseCode: result.responseCode,
        error: reason,
        backupUri,
      },
      after,
    );
    await recordBackup(db, key, text, {
      status,
      target: target.url,
      version: row.version,
      at: after.toISOString(),
      ...(backupUri ? { uri: backupUri } : {}),
      ...(status === 'failed' && reason ? { reason } : {}),
    });
  }

  async function once(): Promise<number> {
    const now = clock();
    const claimed = await store.claimDue(db, now, leaseUntil(now), batch);
    if (claimed.length === 0) return 0;
    const targets = new Map((await store.listTargets(db)).map((target) => [target.id, target]));
    await Promise.all(
      claimed.map((row) =>
        push(row, targets.get(row.target_id)).catch((error: unknown) => options.onError?.(error)),
      ),
    );
    return claimed.length;
  }

  return startPolling({ pass: once, batch, pollMs, onError: options.onError });
}
