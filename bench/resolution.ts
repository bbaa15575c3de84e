// Public resolution of a battery passport (JSON-LD, public tier) through the full app: uncached
// (every request renders) and warm (the render cache answers), beside the raw read of the same
// document and the bare route measured in the same run.
import { benchApp, benchPassport } from './lib/app.ts';
import { listen, requestsPerSecond } from './lib/measure.ts';

async function publicReadRate(databaseUrl: string | undefined, renderCacheTtlMs?: number) {
  const bench = await benchApp(databaseUrl, renderCacheTtlMs === undefined ? {} : { renderCacheTtlMs });
  try {
    const id = await benchPassport(bench);
    const url = await listen(bench.app);
    return await requestsPerSecond({ url: `${url}/passport/${id}` });
  } finally {
    await bench.close();
  }
}

export async function resolutionFigures(databaseUrl: string | undefined) {
  return {
    uncached: await publicReadRate(databaseUrl, 0),
    warm: await publicReadRate(databaseUrl),
  };
}
