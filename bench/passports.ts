// Passport create and read rates through the full app (auth, validation, store, rendering).
import { BATTERY_METADATA, benchApp, benchPassport, randomGtin } from './lib/app.ts';
import { listen, requestsPerSecond } from './lib/measure.ts';

export async function passportThroughput(databaseUrl: string | undefined) {
  const bench = await benchApp(databaseUrl);
  try {
    const passportId = await benchPassport(bench);
    const url = await listen(bench.app);
    const create = await requestsPerSecond({
      url: `${url}/api/v1/passports`,
      method: 'POST',
      headers: bench.headers,
      // A fresh GTIN per request, so every create inserts.
      makeBody: () =>
        JSON.stringify({ productId: randomGtin(), category: 'batteries', metadata: BATTERY_METADATA }),
    });
    const read = await requestsPerSecond({
      url: `${url}/api/v1/passports/${passportId}`,
      headers: bench.headers,
    });
    return { create, read };
  } finally {
    await bench.close();
  }
}
