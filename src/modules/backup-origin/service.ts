// The origin side of backup copies (docs/backup.md): the platform admin's backup targets, and the
// queue of sealed passport versions each target is to hold. A version is queued in the transaction
// that seals it; a target added later gets every version sealed before it (the backfill), so every
// target ends up holding every sealed version of the workspaces it serves.
import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../context.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { type BackupState, sealedVersions } from '../passports/service.ts';
import { checkTarget, type TargetPolicy, TargetRefused } from '../webhooks/service.ts';
import { requireWorkspace } from '../workspaces/service.ts';
import * as store from './store.ts';
import { sealToken } from './token.ts';

export {
  type HeldCopyAnswer,
  type HeldCopyMemory,
  type HeldCopyQuery,
  type HeldCopyReuse,
  heldCopy,
  heldCopyMemory,
} from './held-copy.ts';
export { type BackupWorker, type BackupWorkerOptions, startBackupWorker } from './worker.ts';

export interface BackupContext extends ServiceContext {
  backups: TargetPolicy;
}

export interface TargetRecord {
  id: string;
  url: string;
  workspaceIds: string[] | null;
  createdAt: string;
  pushes: store.TargetCounts;
}

export interface TargetInput {
  url: string;
  token: string;
  workspaceIds?: string[];
}

const NO_PUSHES: store.TargetCounts = { pending: 0, held: 0, failed: 0 };

function toRecord(row: store.TargetRow, counts: store.TargetCounts = NO_PUSHES): TargetRecord {
  return {
    id: row.id,
    url: row.url,
    workspaceIds: row.workspaceIds,
    createdAt: row.createdAt.toISOString(),
    pushes: counts,
  };
}

/** The target's base URL: the SSRF guard's verdict, without a trailing slash. */
async function checkedUrl(context: BackupContext, raw: string): Promise<string> {
  try {
    const url = await checkTarget(raw, context.backups);
    if (url.search !== '') throw new TargetRefused('url must not carry a query');
    return url.href.replace(/\/+$/, '');
  } catch (error) {
    if (error instanceof TargetRefused) throw badRequest(error.message);
    throw error;
  }
}

/** Adds a target and queues every version already sealed in the workspaces it serves. */
export async function createTarget(context: BackupContext, input: TargetInput): Promise<TargetRecord> {
  const url = await checkedUrl(context, input.url);
  const workspaceIds = input.workspaceIds ? [...new Set(input.workspaceIds)] : null;
  for (const id of workspaceIds ?? []) {
    await requireWorkspace(context.db, id).catch(() => {
      throw badRequest(`workspaceIds names ${id}, which is no workspace of this node`);
    });
  }
  const id = randomUUID();
  const now = context.clock();
  return context.db.transaction(async (tx) => {
    const row = await store.insertTarget(tx, {
      id,
      url,
      token: sealToken(context.sealing.masterKey, id, input.token),
      workspaceIds,
      createdAt: now,
    });
    const versions = await sealedVersions(tx, workspaceIds);
    await store.enqueue(tx, [row], versions, now);
    return toRecord(row, { ...NO_PUSHES, pending: versions.length });
  });
}

export async function listTargets(context: ServiceContext): Promise<TargetRecord[]> {
  const [rows, counts] = await Promise.all([store.listTargets(context.db), store.countsByTarget(context.db)]);
  return rows.map((row) => toRecord(row, counts.get(row.id)));
}

export async function deleteTarget(context: ServiceContext, id: string): Promise<void> {
  const deleted = await context.db.transaction((tx) => store.deleteTarget(tx, id));
  if (!deleted) throw notFound('Backup target not found');
}

/**
 * Queues a version just sealed for every target serving its workspace, in the sealing transaction.
 * Answers the passport's backup state to record (`pending` at the first target), or null when no
 * target serves the workspace.
 */
export async function queueSealedVersion(
  tx: Executor,
  key: store.PushKey,
  at: Date,
): Promise<BackupState | null> {
  const targets = await store.listTargets(tx);
  const queued = await store.enqueue(tx, targets, [key], at);
  const first = targets.find((target) => queued.includes(target.id));
  if (!first) return null;
  return { status: 'pending', target: first.url, version: key.version, at: at.toISOString() };
}
