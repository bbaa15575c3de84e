// Collects the errors, warnings and notices of one validation, up to MAX_FINDINGS in all. A hostile
// body can hold hundreds of thousands of problems; past the limit the walkers stop (they ask
// `hasRoom()` before looking further) so that the work, and not only the answer, stays bounded.
// See docs/validation.md.
import type { AdvisoryItem, ValidationResult } from './types.ts';

/** Findings of one validation (errors, warnings and notices together) before it stops looking. */
export const MAX_FINDINGS = 1000;

export class Findings {
  readonly errors: AdvisoryItem[] = [];
  readonly warnings: AdvisoryItem[] = [];
  readonly notices: AdvisoryItem[] = [];
  /** True once a finding was refused, or a check stopped before it had seen everything. */
  truncated = false;
  private count = 0;

  constructor(private readonly limit: number = MAX_FINDINGS) {}

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
    return this.keep(this.errors, item);
  }

  warning(item: AdvisoryItem): boolean {
    return this.keep(this.warnings, item);
  }

  notice(item: AdvisoryItem): boolean {
    return this.keep(this.notices, item);
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
    return result;
  }

  /** Returns false (and marks the result truncated) when the item did not fit. */
  private keep(list: AdvisoryItem[], item: AdvisoryItem): boolean {
    if (this.count >= this.limit) {
      this.truncated = true;
      return false;
    }
    list.push(item);
    this.count++;
    return true;
  }
}
