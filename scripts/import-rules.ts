// The import rules of .dependency-cruiser.cjs, run through dependency-cruiser's API rather than its
// command line: the command line refuses Node 20, which the node still supports, and the API runs
// on it. Used by `npm run lint` (check-imports.ts), the module graph (module-graph.ts) and the test
// of the rules, which runs them on a scratch tree of its own.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cruise,
  format,
  type ICruiseOptions,
  type ICruiseResult,
  type IViolation,
  type OutputType,
} from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CONFIG_FILE = join(ROOT, '.dependency-cruiser.cjs');
/** The file name dependency-cruiser's `--ignore-known` reads by default. */
export const KNOWN_VIOLATIONS_FILE = join(ROOT, '.dependency-cruiser-known-violations.json');

export interface CruiseRun {
  /** The tree to cruise; rule paths (`^src/…`) are relative to it. */
  baseDir?: string;
  /** Violations tolerated for now: reported with severity `ignore`, failing nothing. */
  knownViolations?: IViolation[];
}

export function readKnownViolations(file = KNOWN_VIOLATIONS_FILE): IViolation[] {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as IViolation[]) : [];
}

/** Cruises `src` of `baseDir` with the repository's rules. */
export async function cruiseSource({ baseDir = ROOT, knownViolations = [] }: CruiseRun = {}) {
  const options: ICruiseOptions = await extractDepcruiseOptions(CONFIG_FILE);
  const tsConfigFile = join(baseDir, 'tsconfig.json');
  const hasTsConfig = existsSync(tsConfigFile);
  const run: ICruiseOptions = {
    ...options,
    baseDir,
    knownViolations,
    tsConfig: hasTsConfig ? { fileName: tsConfigFile } : undefined,
  };
  const transpile = hasTsConfig ? { tsConfig: extractTSConfig(tsConfigFile) } : {};
  const answer = await cruise(['src'], run, {}, transpile);
  // The API answers a string only when asked for another output type than the default.
  return answer.output as ICruiseResult;
}

/** The violations that count: every one not listed as known (those come back as `ignore`). */
export function newViolations(result: ICruiseResult): IViolation[] {
  return result.summary.violations.filter((violation) => violation.rule.severity === 'error');
}

/** One line a violation: the rule, the import, and for a cycle the whole ring. */
export function describeViolation(violation: IViolation): string {
  const ring = violation.cycle?.map((step) => step.name).join(' → ');
  return `${violation.rule.name}: ${violation.from} → ${violation.to}${ring ? ` (cycle: ${violation.from} → ${ring})` : ''}`;
}

/**
 * Today's violations as the known-violations file, one entry a violation, in a stable order. Written
 * from the cruise's own summary, which is what the check compares against (dependency-cruiser's
 * `baseline` reporter summarises the graph again and lists some cycles more than once).
 */
export function knownViolationsFile(result: ICruiseResult): string {
  const ordered = result.summary.violations.map(describeViolation).map((line, index) => ({ line, index }));
  ordered.sort((a, b) => a.line.localeCompare(b.line));
  return `${JSON.stringify(
    ordered.map(({ index }) => result.summary.violations[index]),
    null,
    2,
  )}\n`;
}

/** The graph in one of dependency-cruiser's output types (`dot`, `archi`, …). */
export async function formatted(result: ICruiseResult, outputType: OutputType): Promise<string> {
  const answer = await format(result, { outputType });
  return String(answer.output);
}
