// Contract versions (spec "Versioning"): MAJOR.MINOR.PATCH, and the size of the step between two.

export type Bump = 'NONE' | 'PATCH' | 'MINOR' | 'MAJOR';

/** Bumps from smallest to largest, so that two can be compared by position. */
export const BUMPS: readonly Bump[] = ['NONE', 'PATCH', 'MINOR', 'MAJOR'];

export const bumpRank = (bump: Bump): number => BUMPS.indexOf(bump);

export const largerBump = (a: Bump, b: Bump): Bump => (bumpRank(a) >= bumpRank(b) ? a : b);

export interface Version {
  major: number;
  minor: number;
  patch: number;
}

const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** A plain SemVer core version; pre-release and build suffixes are not contract versions. */
export function parseVersion(text: string): Version | null {
  const match = VERSION.exec(text);
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

export const formatVersion = (v: Version): string => `${v.major}.${v.minor}.${v.patch}`;

/** The bump that leads from `from` to `to`, or null when `to` is not later than or equal to `from`. */
export function bumpBetween(from: Version, to: Version): Bump | null {
  if (compareVersions(to, from) < 0) return null;
  if (to.major !== from.major) return 'MAJOR';
  if (to.minor !== from.minor) return 'MINOR';
  if (to.patch !== from.patch) return 'PATCH';
  return 'NONE';
}

/** The smallest version after `from` that a change of size `bump` needs. */
export function nextVersion(from: Version, bump: Bump): Version {
  if (bump === 'MAJOR') return { major: from.major + 1, minor: 0, patch: 0 };
  if (bump === 'MINOR') return { major: from.major, minor: from.minor + 1, patch: 0 };
  if (bump === 'PATCH') return { ...from, patch: from.patch + 1 };
  return from;
}
