// Read-your-writes with read replicas: a request that may write (anything but GET, HEAD, OPTIONS)
// withdraws the replicas' trust when it starts and again when it ends, so that a read after it on
// this instance goes to the primary until a replica has proven it replayed the write (db/replicas.ts).
// The change feed does the same for other instances' writes, a moment later.
import type { FastifyInstance } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerWriteSignal(app: FastifyInstance, replicas: { invalidate(): void }): void {
  const signal = async (request: { method: string }) => {
    if (!READS.has(request.method)) replicas.invalidate();
  };
  app.addHook('onRequest', signal);
  app.addHook('onResponse', signal);
}
