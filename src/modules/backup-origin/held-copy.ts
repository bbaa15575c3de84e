// Whether a backup target holds a sealed version as sealed (docs/registry.md, BACKUP_HELD): the node
// asks each target serving the workspace for the copy at its URL, with the target's token (so the
// whole copy comes back, not the public tier), under the backup target rules (the SSRF guard, no
// redirect followed, the delivery timeout), and compares the copy's versionHash with the version's.

import type { Executor } from '../../db/client.ts';
import { withoutBackupMarker } from '../../domain/backup/copy.ts';
import { versionHashOf } from '../../domain/backup/version-hash.ts';
import { sendGuarded, type TargetPolicy } from '../webhooks/service.ts';
import * as store from './store.ts';
import { openToken } from './token.ts';

export interface HeldCopyQuery {
  tenantId: string;
  passportId: string;
  version: number;
  versionHash: string;
}

export interface HeldCopyAnswer {
  held: boolean;
  message: string;
  /** The copy's URL on the target that holds it. */
  uri?: string;
}

/** A sealed battery passport is ~30 KB; a copy larger than this is not read whole. */
const MAX_COPY_BYTES = 8 * 1024 * 1024;

export async function heldCopy(
  db: Executor,
  options: { masterKey: Uint8Array; policy: TargetPolicy; timeoutMs: number },
  query: HeldCopyQuery,
): Promise<HeldCopyAnswer> {
  const targets = (await store.listTargets(db)).filter(
    (target) => target.workspaceIds === null || target.workspaceIds.includes(query.tenantId),
  );
  if (targets.length === 0) {
    return { held: false, message: 'No backup target serves this workspace: the platform admin adds one' };
  }
  const problems: string[] = [];
  for (const target of targets) {
    const uri = `${target.url}/backup/v1/passports/${query.passportId}/versions/${query.version}`;
    const result = await sendGuarded(
      uri,
      {
        method: 'GET',
        body: '',
        headers: {
          authorization: `Bearer ${openToken(options.masterKey, target.id, target.token)}`,
          accept: 'application/json',
        },
        userAgent: 'OpenDPP-Backup/1',
        readBody: true,
        maxAnswerBytes: MAX_COPY_BYTES,
      },
      options.policy,
      options.timeoutMs,
    );
    if (result.responseCode === 404) {
      problems.push(`${target.url} does not hold version ${query.version}`);
      continue;
    }
    if (!result.ok || result.body === undefined) {
      problems.push(`${target.url} did not answer the copy (${result.error ?? 'no body'})`);
      continue;
    }
    let hash: string;
    try {
      hash = versionHashOf(withoutBackupMarker(JSON.parse(result.body)).document);
    } catch {
      problems.push(`${target.url} answered something other than a passport`);
      continue;
    }
    if (hash === query.versionHash) {
      return { held: true, message: `${target.url} holds version ${query.version} with the same hash`, uri };
    }
    problems.push(`${target.url} holds version ${query.version} with another hash (${hash})`);
  }
  return { held: false, message: problems.join('; ') };
}
