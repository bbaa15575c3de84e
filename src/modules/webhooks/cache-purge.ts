// The purge hook (CACHE_PURGE_URL): every change committed to a workspace, as the change feed
// reports it, is POSTed as the tags a shared cache dropped answers by (`workspace:<id>`, the tag
// every public answer of the workspace carries in Cache-Tag), signed as webhooks are (Standard
// Webhooks headers, with CACHE_PURGE_SECRET). Changes are gathered for GATHER_MS and sent in one
// request; a failed request is tried again a few times, then given up: the one second s-maxage of
// every public answer bounds what a missed purge leaves. Every instance hears every change and
// posts it: a receiver may get the same tags once per instance (a purge is idempotent).
import { randomUUID } from 'node:crypto';
import { workspaceTag } from '../../core/cache-policy.ts';
import type { ChangeFeed } from '../../db/changes.ts';
import { signedHeaders } from '../../domain/webhooks/payload.ts';
import { sendWebhook } from './send.ts';

const GATHER_MS = 50;
const RETRY_MS = [200, 1_000, 3_000];

export interface CachePurgeOptions {
  url: string;
  /** `whsec_` and base64, as a webhook subscription's secret. */
  secret: string;
  changes: ChangeFeed;
  timeoutMs: number;
  onError?: (error: unknown) => void;
}

/** The body of one purge: the tags to drop. */
export interface PurgeRequest {
  id: string;
  type: 'cache.purge';
  timestamp: string;
  tags: string[];
}

export interface CachePurge {
  /** Resolves when every purge gathered or in flight is sent (or given up). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startCachePurge(options: CachePurgeOptions): CachePurge {
  let gathered = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  async function post(tags: string[]): Promise<void> {
    const now = new Date();
    const request: PurgeRequest = {
      id: randomUUID(),
      type: 'cache.purge',
      timestamp: now.toISOString(),
      tags,
    };
    const body = JSON.stringify(request);
    for (let attempt = 0; ; attempt++) {
      const headers = signedHeaders(request.id, new Date(), body, [options.secret]);
      // The operator names the receiver: it may be on a private network, over plain http.
      const result = await sendWebhook(
        options.url,
        body,
        headers,
        { allowInsecure: true },
        options.timeoutMs,
      );
      if (result.ok) return;
      const delay = RETRY_MS[attempt];
      if (delay === undefined || stopped) {
        options.onError?.(new Error(`cache purge not accepted: ${result.error ?? result.responseCode}`));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  function flush(): void {
    timer = null;
    const tags = [...gathered];
    gathered = new Set();
    if (tags.length === 0) return;
    const sent = post(tags).catch((error: unknown) => options.onError?.(error));
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
  }

  const unsubscribe = options.changes.onChange((payload) => {
    if (stopped || !payload.startsWith('tenant:')) return;
    gathered.add(workspaceTag(payload.slice('tenant:'.length)));
    timer ??= setTimeout(flush, GATHER_MS);
  });

  const idle = async () => {
    while (timer !== null || inFlight.size > 0) {
      if (timer !== null) {
        clearTimeout(timer);
        flush();
      }
      await Promise.all([...inFlight]);
    }
  };
  return {
    idle,
    async stop() {
      unsubscribe();
      await idle();
      stopped = true;
    },
  };
}
