// Public resolution of a battery passport (JSON-LD, public tier) through the full app: uncached
// (every request renders) and warm (the render cache answers), beside the raw read of the same
// document and the bare route measured in the same run.
import { randomInt } from 'node:crypto';
import { categorySchemas } from '../src/domain/categories/schemas/index.ts';
import { withCheckDigit } from '../src/domain/gs1/check-digit.ts';
import { benchApp } from './lib/app.ts';
import { listen, requestsPerSecond } from './lib/measure.ts';

const metadata = (categorySchemas.batteries.examples as unknown[])[0];

async function publicReadRate(databaseUrl: string | undefined, renderCacheTtlMs?: number) {
  const { app, headers, close } = await benchApp(
    databaseUrl,
    renderCacheTtlMs === undefined ? {} : { renderCacheTtlMs },
  );
  try {
    await app.inject({
      method: 'POST',
      url: '/api/v1/operators',
      headers,
      payload: {
        name: 'Bench Cells',
        regIdScheme: 'DE-HRB',
        regId: `HRB${randomInt(1e6)}`,
        role: 'MANUFACTURER',
      },
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/passports',
      headers,
      payload: {
        productId: withCheckDigit(`4${String(randomInt(1e9)).padStart(11, '0')}`),
        category: 'batteries',
        metadata,
      },
    });
    const id = created.json().passport.id as string;
    const url = await listen(app);
    return await requestsPerSecond({ url: `${url}/passport/${id}` });
  } finally {
    await close();
  }
}

export async function resolutionFigures(databaseUrl: string | undefined) {
  return {
    uncached: await publicReadRate(databaseUrl, 0),
    warm: await publicReadRate(databaseUrl),
  };
}
