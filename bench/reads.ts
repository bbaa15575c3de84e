// The owner's read and the uncached public read of a battery passport, each through an app of its
// own, beside the raw read of a row of the same size: medians of rounds taken in turn, so that the
// machine's drift between a figure and its baseline does not decide their ratio.
import { benchApp, benchPassport } from './lib/app.ts';
import { rawReadServer } from './lib/baselines.ts';
import { alternatingRates, listen } from './lib/measure.ts';

export async function passportReadFigures(databaseUrl: string | undefined) {
  const raw = await rawReadServer(databaseUrl, 'battery');
  const owner = await benchApp(databaseUrl);
  // No render cache: every public read answers from the store (its kept rendition).
  const uncached = await benchApp(databaseUrl, { renderCacheTtlMs: 0 });
  try {
    const ownerUrl = `${await listen(owner.app)}/api/v1/passports/${await benchPassport(owner)}`;
    const publicUrl = `${await listen(uncached.app)}/passport/${await benchPassport(uncached)}`;
    return await alternatingRates({
      raw: { url: raw.url },
      owner: { url: ownerUrl, headers: { authorization: owner.headers.authorization as string } },
      uncached: { url: publicUrl },
    });
  } finally {
    await Promise.all([raw.close(), owner.close(), uncached.close()]);
  }
}
