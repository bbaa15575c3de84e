// The decision of the contract build check, apart from generating the document, so that tests can
// run it on a copy of the contract in a directory of their own.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type ContractVerdict, checkContract } from '../src/domain/contract/check.ts';
import { listSnapshots, readSnapshot } from './contract-files.ts';

/**
 * Before general availability a breaking change may ship on the existing major under a recorded,
 * per-merge waiver (spec "Versioning" 6): a file contract/waiver-<version>.md saying what breaks and
 * why. Set to true at general availability; from then on waivers are ignored.
 */
export const GENERALLY_AVAILABLE = false;

export const waiverName = (version: string): string => `waiver-${version}.md`;

export interface ContractCheckResult {
  ok: boolean;
  report: string;
  verdict?: ContractVerdict;
}

/** Compares `document` (the contract `version` as built) with the latest release in `dir`. */
export function runContractCheck(dir: string, document: unknown, version: string): ContractCheckResult {
  const snapshots = listSnapshots(dir);
  const latest = snapshots.at(-1);
  if (!latest) return { ok: false, report: `no released contract (openapi-<version>.json) in ${dir}` };
  const waiver = !GENERALLY_AVAILABLE && existsSync(join(dir, waiverName(version)));
  const verdict = checkContract(
    { version: latest.version, document: readSnapshot(latest) },
    { version, document },
    { waiver },
  );
  return { ok: verdict.ok, report: verdict.report, verdict };
}
