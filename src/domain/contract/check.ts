// The build check of spec "Versioning" 5: the contract version must have moved at least as far as the
// structural difference from the last released contract requires.
import { type ContractDiff, diffContracts } from './diff.ts';
import { type Bump, bumpBetween, bumpRank, formatVersion, nextVersion, parseVersion } from './semver.ts';

export interface ContractRelease {
  version: string;
  document: unknown;
}

export interface ContractVerdict {
  ok: boolean;
  /** The bump the change needs. */
  required: Bump;
  /** The bump the version number made (null when it went backwards or is not a version). */
  made: Bump | null;
  diff: ContractDiff;
  /** A plain account for the build log: what changed and which version it needs. */
  report: string;
}

export interface CheckOptions {
  /**
   * A recorded waiver lets a breaking change ship on the existing major with a MINOR bump (spec
   * "Versioning" 6); only before general availability.
   */
  waiver?: boolean;
}

export function checkContract(
  previous: ContractRelease,
  current: ContractRelease,
  options: CheckOptions = {},
): ContractVerdict {
  const diff = diffContracts(previous.document, current.document);
  const from = parseVersion(previous.version);
  const to = parseVersion(current.version);
  if (!from || !to) {
    const bad = from ? current.version : previous.version;
    return {
      ok: false,
      required: diff.bump,
      made: null,
      diff,
      report: `${bad} is not a MAJOR.MINOR.PATCH version`,
    };
  }
  const made = bumpBetween(from, to);
  const waived = options.waiver === true && diff.bump === 'MAJOR' && made === 'MINOR';
  const ok = made !== null && (bumpRank(made) >= bumpRank(diff.bump) || waived);
  const lines = [
    `contract ${previous.version} -> ${current.version}: ${made === null ? 'version went backwards' : `${made} bump`}, the change needs ${diff.bump}`,
  ];
  for (const change of diff.changes) lines.push(`  ${change.bump.padEnd(5)} ${change.where}: ${change.what}`);
  if (waived) lines.push('breaking change shipped on the existing major under a recorded waiver');
  else if (!ok) {
    lines.push(
      `FAIL: the contract version must be at least ${formatVersion(nextVersion(from, diff.bump))} (src/version.ts and the spec)`,
    );
  }
  return { ok, required: diff.bump, made, diff, report: lines.join('\n') };
}
