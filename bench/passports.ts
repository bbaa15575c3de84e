// Passport create and read rates through the full app (auth, validation, store, rendering).
import { randomInt } from 'node:crypto';
import { categorySchemas } from '../src/domain/categories/schemas/index.ts';
import { withCheckDigit } from '../src/domain/gs1/check-digit.ts';
import { benchApp } from './lib/app.ts';
import { listen, requestsPerSecond } from './lib/measure.ts';

const metadata = (categorySchemas.batteries.examples as unknown[])[0];
const gtin = (n: number) => withCheckDigit(`4${String(n).padStart(11, '0')}`);

export async function passportThroughput(databaseUrl: string | undefined) {
  const { app, headers, close } = await benchApp(databaseUrl);
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
    let counter = randomInt(1e9);
    const sample = await app.inject({
      method: 'POST',
      url: '/api/v1/passports',
      headers,
      payload: { productId: gtin(counter++), category: 'batteries', metadata },
    });
    const passportId = sample.json().passport.id as string;
    const url = await listen(app);
    const create = await requestsPerSecond({
      url: `${url}/api/v1/passports`,
      method: 'POST',
      headers,
      // A fresh GTIN per request, so every create inserts.
      makeBody: () => JSON.stringify({ productId: gtin(counter++), category: 'batteries', metadata }),
    });
    const read = await requestsPerSecond({ url: `${url}/api/v1/passports/${passportId}`, headers });
    return { create, read };
  } finally {
    await close();
  }
}
