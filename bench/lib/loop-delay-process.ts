// The node as operators run it (node-process.ts), with an event-loop delay histogram its parent
// reads over IPC: `{ loopDelay: n, reset? }` is answered `{ loopAnswer: n, maxMs }`, the longest
// delay since the last reset. Measured inside the server's own process, so the load generator's
// work never counts.
import { monitorEventLoopDelay } from 'node:perf_hooks';

interface LoopQuestion {
  loopDelay: number;
  reset?: boolean;
}

// 1 ms is the finest resolution the timer behind the histogram samples with.
const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();

process.on('message', (message: LoopQuestion) => {
  if (!message?.loopDelay) return;
  const maxMs = histogram.max / 1e6;
  if (message.reset) histogram.reset();
  process.send?.({ loopAnswer: message.loopDelay, maxMs });
});

await import('./node-process.ts');
