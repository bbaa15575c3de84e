// Collects the errors, warnings and notices of one validation. A hostile body can hold hundreds of
// thousands of problems, mostly the same one over and over (a field the category does not know,
// thousands of times). Two limits keep both the work and the answer small (docs/validation.md):
// - MAX_FINDINGS found in all: past it the walkers stop (they ask `hasRoom()` before looking
//   further), so the work is bounded and not only the answer;
// - MAX_LISTED_PER_CODE listed of any one code: the rest of that code are only counted
//   (`omitted`), so a thousand copies of one mistake cost a counter each, not a localised item.
import { isErrorCode } from './codes.ts';
import type { AdvisoryItem, ValidationResult } from './types.ts';

/** Findings of one validation (errors, warnings and notices together, listed or not) before it stops looking. */
export const MAX_FINDINGS = 1000;

/** Findings of one code that are listed; further ones are counted in `omitted`. */
export const MAX_LISTED_PER_CODE = 100;

export class Findings {
  readonly errors: AdvisoryItem[] = [];
  readonly warnings: AdvisoryItem[] = [];
  readonly notices: AdvisoryItem[] = [];
  /** True once a finding was refused, or a check stopped before it had seen everything. */
  truncated = false;
  /** Findings found but not listed, by code. */
  readonly omitted = new Map<string, number>();
  private count = 0;
  private readonly listed = new Map<string, number>();

  constructor(
    private readonly limit: number = MAX_FINDINGS,
    private readonly perCode: number = MAX_LISTED_PER_CODE,
  ) {}

  /**
   * Whether a walker should look further. Asked with input still unexamined, so a "no" means the
   * result may be missing findings: it is marked truncated.
   */
  hasRoom(): boolean {
    if (this.count < this.limit) return true;
    this.truncated = true;
    return false;
  }

  /** Marks the result as incomplete when a check could not look at all of its input. */
  markTruncated(): void {
    this.truncated = true;
  }

  error(item: AdvisoryItem): boolean {
    return this.keep(this.errors, item.code, () => item);
  }

  warning(item: AdvisoryItem): boolean {
    return this.keep(this.warnings, item.code, () => item);
  }

  notice(item: AdvisoryItem): boolean {
    return this.keep(this.notices, item.code, () => item);
  }

  /**
   * An error of `code` whose item `build` makes only if it is listed: a walker that finds the same
   * mistake thousands of times pays for a label and a message a hundred times, a count after that.
   */
  errorOf(code: string, build: () => AdvisoryItem): boolean {
    return this.keep(this.errors, code, build);
  }

  /** The warning counterpart of `errorOf`. */
  warningOf(code: string, build: () => AdvisoryItem): boolean {
    return this.keep(this.warnings, code, build);
  }

  /** Adds a short list of errors (a cross check's few), in order, while there is room. */
  errorsFrom(items: readonly AdvisoryItem[]): void {
    for (const item of items) if (!this.error(item)) return;
  }

  warningsFrom(items: readonly AdvisoryItem[]): void {
    for (const item of items) if (!this.warning(item)) return;
  }

  result(): ValidationResult {
    const result: ValidationResult = { errors: this.errors, warnings: this.warnings, notices: this.notices };
    if (this.truncated) result.truncated = true;
    if (this.omitted.size > 0) result.omitted = Object.fromEntries(this.omitted);
    return result;
  }

  /**
   * Lists the finding, or counts it in `omitted` when its code has its share listed already.
   * Returns false, and marks the result truncated, when the limit of findings was reached: the
   * finding was neither listed nor counted.
   */
  private keep(list: AdvisoryItem[], code: string, build: () => AdvisoryItem): boolean {
    if (this.count >= this.limit) {
      this.truncated = true;
      return false;
    }
    this.count++;
    const listed = this.listed.get(code) ?? 0;
    if (listed >= this.perCode) {
      this.omitted.set(code, (this.omitted.get(code) ?? 0) + 1);
      return true;
    }
    this.listed.set(code, listed + 1);
    list.push(build());
    return true;
  }
}

/**
 * Whether a result lists fewer findings than there are or may be: some were only counted, or the
 * checks stopped before they had seen everything. This is what an answer's `truncated` says.
 */
export function listsFewer(result: ValidationResult): boolean {
  return result.truncated === true || result.omitted !== undefined;
}

/** Errors found, listed or only counted. */
export function errorsFound(result: Pick<ValidationResult, 'errors' | 'omitted'>): number {
  let found = result.errors.length;
  for (const [code, count] of Object.entries(result.omitted ?? {})) if (isErrorCode(code)) found += count;
  return found;
}
