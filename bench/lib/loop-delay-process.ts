// The node as operators run it (node-process.ts), with an event-loop delay histogram its parent
// reads over IPC: `{ loopDelay: n, reset? }` is answered `{ loopAnswer: n, maxMs, cpuMs }`, the
// longest delay and the process's CPU time since the last reset. Measured inside the server's own
// process, so the load generator's work never counts. On a busy machine the delay includes time
// the process waited for a core; the CPU time does not, so it shows what the work itself costs.
import { monitorEventLoopDelay } from 'node:perf_hooks';

interface LoopQuestion {
  loopDelay: number;
  reset?: boolean;
}

// 1 ms is the finest resolution the timer behind the histogram samples with.
const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
let cpuSince = process.cpuUsage();

process.on('message', (message: LoopQuestion) => {
  if (!message?.loopDelay) return;
  const maxMs = histogram.max / 1e6;
  const cpu = process.cpuUsage(cpuSince);
  if (message.reset) {
    histogram.reset();
    cpuSince = process.cpuUsage();
  }
  process.send?.({ loopAnswer: message.loopDelay, maxMs, cpuMs: (cpu.user + cpu.system) / 1000 });
});

await import('./node-process.ts');
