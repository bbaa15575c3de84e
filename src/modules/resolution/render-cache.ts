// Rendered public answers, kept as bytes per URL, representation and language so that a warm scan
// costs no store read. An entry lives at most TTL_MS: a write on this instance drops its workspace's
// entries at once, and a write on another instance is seen within that bound.
export const RENDER_TTL_MS = 1_000;
const MAX_ENTRIES = 10_000;

export interface RenderedAnswer {
  status: number;
  contentType: string;
  /** The bytes sent: encoded once, when rendered. */
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
}

interface Entry {
  tenantId: string;
  at: number;
  answer: RenderedAnswer;
}

export interface RenderCacheOptions {
  /** How long an entry lives; 0 keeps nothing (benchmarks of the uncached path). */
  ttlMs?: number;
  monotonic?: () => number;
}

export function renderCache({
  ttlMs = RENDER_TTL_MS,
  monotonic = () => performance.now(),
}: RenderCacheOptions = {}) {
  const entries = new Map<string, Entry>();
  return {
    get(key: string): RenderedAnswer | null {
      const entry = entries.get(key);
      if (!entry) return null;
      if (monotonic() - entry.at >= ttlMs) {
        entries.delete(key);
        return null;
      }
      return entry.answer;
    },
    set(key: string, tenantId: string, answer: RenderedAnswer): void {
      if (ttlMs <= 0) return;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.delete(key);
      entries.set(key, { tenantId, at: monotonic(), answer });
    },
    forgetTenant(tenantId: string): void {
      for (const [key, entry] of entries) if (entry.tenantId === tenantId) entries.delete(key);
    },
    forgetAll(): void {
      entries.clear();
    },
  };
}

export type RenderCache = ReturnType<typeof renderCache>;
