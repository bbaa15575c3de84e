// Latency per kind of request: every sample kept (a ten-minute run at a few hundred requests a
// second is a few hundred thousand numbers), percentiles by nearest rank on the sorted samples.

export interface KindSummary {
  kind: string;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export class Latencies {
  private readonly samples = new Map<string, number[]>();
  private readonly failures = new Map<string, number>();
  readonly firstErrors: string[] = [];

  record(kind: string, ms: number): void {
    const list = this.samples.get(kind) ?? [];
    list.push(ms);
    this.samples.set(kind, list);
  }

  fail(kind: string, detail: string): void {
    this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1);
    if (this.firstErrors.length < 10) this.firstErrors.push(`${kind}: ${detail}`);
  }

  get errors(): number {
    let total = 0;
    for (const count of this.failures.values()) total += count;
    return total;
  }

  summary(): KindSummary[] {
    const kinds = new Set([...this.samples.keys(), ...this.failures.keys()]);
    return [...kinds].sort().map((kind) => {
      const sorted = [...(this.samples.get(kind) ?? [])].sort((a, b) => a - b);
      return {
        kind,
        count: sorted.length + (this.failures.get(kind) ?? 0),
        errors: this.failures.get(kind) ?? 0,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
      };
    });
  }
}

export function printSummary(title: string, rows: KindSummary[], seconds?: number): void {
  process.stdout.write(`\n${title}\n`);
  process.stdout.write(
    `  ${'kind'.padEnd(30)} ${'count'.padStart(8)} ${seconds ? 'req/s'.padStart(8) : ''} ${'errors'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}\n`,
  );
  for (const row of rows) {
    const rate = seconds ? (row.count / seconds).toFixed(1).padStart(8) : '';
    process.stdout.write(
      `  ${row.kind.padEnd(30)} ${String(row.count).padStart(8)} ${rate} ${String(row.errors).padStart(7)} ${row.p50.toFixed(1).padStart(8)} ${row.p95.toFixed(1).padStart(8)} ${row.p99.toFixed(1).padStart(8)}\n`,
    );
  }
}
