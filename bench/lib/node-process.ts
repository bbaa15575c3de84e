// The node as operators run it (src/server.ts), in a child process that also answers its parent's
// memory questions over the IPC channel, so the load generator measures the server and not itself.
// With `gc: true` the answer is taken after a full collection (the child runs with --expose-gc),
// so heap figures compare live objects and not garbage waiting to be collected.

interface MemoryQuestion {
  memory: number;
  gc?: boolean;
}

const collect = (globalThis as { gc?: () => void }).gc;

process.on('message', (message: MemoryQuestion) => {
  if (!message?.memory) return;
  if (message.gc && collect) collect();
  process.send?.({ answer: message.memory, memory: process.memoryUsage() });
});

await import('../../src/server.ts');
