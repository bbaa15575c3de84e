// Warm public resolution of a battery passport (JSON-LD, public tier, the render cache answering)
// through the full app, beside the bare route, measured in alternation with it. The uncached read
// is measured in reads.ts.
import { benchApp, benchPassport } from './lib/app.ts';
import { bareServer } from './lib/baselines.ts';
import { alternatingRates, listen } from './lib/measure.ts';

/**
 * The warm read and the two bare routes (a tiny answer, and the warm answer's own bytes), each the
 * median of three rounds taken in turn: a warm figure runs at several times a store read, so drift
 * of the machine over a run would otherwise decide its ratio.
 */
export async function resolutionFigures(databaseUrl: string | undefined) {
  const bench = await benchApp(databaseUrl);
  const tiny = await bareServer('tiny');
  const id = await benchPassport(bench);
  const url = await listen(bench.app);
  // The bare route sends the very bytes (and type) of the warm answer.
  const answer = await fetch(`${url}/passport/${id}`);
  const battery = await bareServer({
    bytes: Buffer.from(await answer.arrayBuffer()),
    type: answer.headers.get('content-type') ?? 'application/ld+json',
  });
  try {
    return await alternatingRates({
      bare: { url: tiny.url },
      warm: { url: `${url}/passport/${id}` },
      bareBattery: { url: battery.url },
    });
  } finally {
    await Promise.all([bench.close(), tiny.close(), battery.close()]);
  }
}
