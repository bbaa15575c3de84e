import { randomInt } from 'node:crypto';
import { categorySchemas } from '../src/domain/categories/schemas/index.ts';
import { withCheckDigit } from '../src/domain/gs1/check-digit.ts';
import { findPublishedWithParties } from '../src/modules/passports/store.ts';
import { benchApp } from './lib/app.ts';

const metadata = (categorySchemas.batteries.examples as unknown[])[0];
const url = process.argv[2];
const { app, headers, close, db } = await benchApp(url, { renderCacheTtlMs: 0 });
await app.inject({
  method: 'POST',
  url: '/api/v1/operators',
  headers,
  payload: { name: 'B', regIdScheme: 'DE-HRB', regId: `HRB${randomInt(1e6)}`, role: 'MANUFACTURER' },
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
const id = created.json().passport.id;
const N = 400;
for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url: `/passport/${id}` });
let t = performance.now();
for (let i = 0; i < N; i++) await app.inject({ method: 'GET', url: `/passport/${id}` });
console.log('inject us', ((performance.now() - t) * 1000) / N);
t = performance.now();
for (let i = 0; i < N; i++) await findPublishedWithParties(db, { id }, null);
console.log('query us', ((performance.now() - t) * 1000) / N);
t = performance.now();
for (let i = 0; i < N; i++) await app.inject({ method: 'GET', url: '/health' });
console.log('health inject us', ((performance.now() - t) * 1000) / N);
await close();
process.exit(0);
