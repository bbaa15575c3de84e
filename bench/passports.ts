// Passport create through the full app (auth, validation, store, rendering), beside a raw
// transaction writing the same rows (passport-baselines.ts). Reads are measured in reads.ts.
import { BATTERY_METADATA, benchApp, benchPassport, randomGtin } from './lib/app.ts';
import { listen, requestsPerSecond } from './lib/measure.ts';
import { rawPassportCreate } from './passport-baselines.ts';

export async function passportThroughput(databaseUrl: string | undefined) {
  const bench = await benchApp(databaseUrl);
  try {
    const passportId = await benchPassport(bench);
    const url = await listen(bench.app);
    const creating = {
      method: 'POST' as const,
      headers: bench.headers,
      // A fresh GTIN per request, so every create inserts.
      makeBody: () =>
        JSON.stringify({ productId: randomGtin(), category: 'batteries', metadata: BATTERY_METADATA }),
    };
    const create = await requestsPerSecond({ url: `${url}/api/v1/passports`, ...creating });
    const rawCreate = await rawPassportCreate(bench, passportId, creating);
    return { create, rawCreate };
  } finally {
    await bench.close();
  }
}
