// Whether a backup target holds a sealed version as sealed (docs/registry.md, BACKUP_HELD): the node
// asks each target serving the workspace for the copy at its URL, with the target's token (so the
// whole copy comes back, not the public tier), under the backup target rules (the SSRF guard, no
// redirect followed, the delivery timeout), and compares the copy's versionHash with the version's.
//
// A target's answers are remembered for a while (docs/registry.md, "How long an answer is
// remembered"), in a bounded map of the process: that a target holds a version with the same hash
// for 10 minutes; that it lacks it, holds another hash or answered something else for 1 minute, and
// only for the overview and the upload files, since one record asks again at once; that it did not
// answer at all (a timeout, a refused connection) for 1 minute, for every version it is asked for,
// so that a target that is down costs its timeout once a minute rather than once per passport. Two
// checks of one version at the same time share one request.

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

/**
 * Which remembered answers a check takes: `held` only a target holding the version (and a target
 * that did not answer), as one record does; `any` every answer still remembered, as the overview
 * and the upload files do.
 */
export type HeldCopyReuse = 'held' | 'any';

export interface HeldCopyOptions {
  masterKey: Uint8Array;
  policy: TargetPolicy;
  timeoutMs: number;
  /** The answers remembered; absent, every check asks every target. */
  memory?: HeldCopyMemory;
  reuse?: HeldCopyReuse;
  /** When an answer came; the node's clock. */
  clock?: () => Date;
}

/** A sealed battery passport is ~30 KB; a copy larger than this is not read whole. */
const MAX_COPY_BYTES = 8 * 1024 * 1024;

/** One target's answer about one version, and when it came. */
export type TargetAnswer =
  | { held: true; uri: string; at: Date; fresh: boolean }
  | { held: false; problem: string; silent: boolean; at: Date; fresh: boolean };

interface Remembered {
  answer: TargetAnswer;
  until: number;
}

export interface HeldCopyLimits {
  /** How long a target holding the version is believed, in ms. */
  heldMs: number;
  /** How long any other answer, and a target that did not answer, is believed, in ms. */
  failedMs: number;
  /** At most this many answers are kept; the oldest go first. */
  capacity: number;
}

const HELD_COPY_LIMITS: HeldCopyLimits = { heldMs: 10 * 60_000, failedMs: 60_000, capacity: 20_000 };

export interface HeldCopyMemory {
  /** The target's answer about the version: remembered, being asked, or asked now with `ask`. */
  answer(
    targetId: string,
    key: string,
    reuse: HeldCopyReuse,
    ask: () => Promise<TargetAnswer>,
  ): Promise<TargetAnswer>;
}

/** The answers of the targets of one process, bounded in time and in number. */
export function heldCopyMemory(clock: () => Date, limits: HeldCopyLimits = HELD_COPY_LIMITS): HeldCopyMemory {
  const answers = new Map<string, Remembered>();
  /** Targets that did not answer, by id: every version asked of them meanwhile is answered so. */
  const silent = new Map<string, Remembered>();
  const asking = new Map<string, Promise<TargetAnswer>>();
  const live = (map: Map<string, Remembered>, key: string) => {
    const found = map.get(key);
    if (!found) return null;
    if (found.until > clock().getTime()) return { ...found.answer, fresh: false };
    map.delete(key);
    return null;
  };
  const keep = (map: Map<string, Remembered>, key: string, answer: TargetAnswer) => {
    const life = answer.held ? limits.heldMs : limits.failedMs;
    map.delete(key);
    map.set(key, { answer, until: answer.at.getTime() + life });
    for (const oldest of map.keys()) {
      if (map.size <= limits.capacity) break;
      map.delete(oldest);
    }
  };
  return {
    answer(targetId, key, reuse, ask) {
      const known = live(answers, key);
      if (known?.held) return Promise.resolve(known);
      const quiet = live(silent, targetId);
      if (quiet) return Promise.resolve(quiet);
      if (known && reuse === 'any') return Promise.resolve(known);
      const pending = asking.get(key);
      if (pending) return pending;
      const asked = ask()
        .then((answer) => {
          keep(answers, key, answer);
          if (!answer.held && answer.silent) keep(silent, targetId, answer);
          return answer;
        })
        .finally(() => asking.delete(key));
      asking.set(key, asked);
      return asked;
    },
  };
}

type Target = store.TargetRow;

/** Asks one target for the copy of the version, now. */
async function askTarget(
  target: Target,
  options: HeldCopyOptions,
  query: HeldCopyQuery,
  uri: string,
): Promise<TargetAnswer> {
  const now = options.clock ?? (() => new Date());
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
  const failed = (problem: string, silent = false): TargetAnswer => ({
    held: false,
    problem,
    silent,
    at: now(),
    fresh: true,
  });
  if (result.responseCode === 404) return failed(`${target.url} does not hold version ${query.version}`);
  if (!result.ok || result.body === undefined) {
    return failed(
      `${target.url} did not answer the copy (${result.error ?? 'no body'})`,
      result.responseCode === null,
    );
  }
  let hash: string;
  try {
    hash = versionHashOf(withoutBackupMarker(JSON.parse(result.body)).document);
  } catch {
    return failed(`${target.url} answered something other than a passport`);
  }
  if (hash === query.versionHash) return { held: true, uri, at: now(), fresh: true };
  return failed(`${target.url} holds version ${query.version} with another hash (${hash})`);
}

/** When a remembered answer came, in its message. */
const asOf = (answer: TargetAnswer) => (answer.fresh ? '' : ` (its answer at ${answer.at.toISOString()})`);

export async function heldCopy(
  db: Executor,
  options: HeldCopyOptions,
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
    const ask = () => askTarget(target, options, query, uri);
    const key = [target.id, query.tenantId, query.passportId, query.version, query.versionHash];
    const answer = options.memory
      ? await options.memory.answer(target.id, key.join(' '), options.reuse ?? 'held', ask)
      : await ask();
    if (answer.held) {
      return {
        held: true,
        message: `${target.url} holds version ${query.version} with the same hash${asOf(answer)}`,
        uri: answer.uri,
      };
    }
    problems.push(`${answer.problem}${asOf(answer)}`);
  }
  return { held: false, message: problems.join('; ') };
}
