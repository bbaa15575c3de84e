// The webhook outbox's cost: passport creates in a workspace with an active `*` subscription (each
// create writes its outbox row in the same statement as its audit event) against the same creates in
// a workspace without one, alternating in the same run. No worker runs: only the write is measured.
import { randomInt } from 'node:crypto';
import { categorySchemas } from '../src/domain/categories/schemas/index.ts';
import { withCheckDigit } from '../src/domain/gs1/check-digit.ts';
import { ADMIN_TOKEN, benchApp } from './lib/app.ts';
import { figure, type Row } from './lib/measure.ts';
import { pair } from './lib/pair.ts';

const metadata = (categorySchemas.batteries.examples as unknown[])[0];
const gtin = (n: number) => withCheckDigit(`5${String(n).padStart(11, '0')}`);

export async function outboxFigures(databaseUrl?: string): Promise<Row[]> {
  const { app, headers, close } = await benchApp(databaseUrl);
  try {
    const created = await app.inject({
      method: 'POST',
      url: '/admin/v1/workspaces',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { name: 'Bench quiet', subdomain: `bench-quiet-${Date.now()}`, tier: 'enterprise' },
    });
    const quiet = { ...headers, authorization: `Bearer ${created.json().apiKey.token as string}` };
    for (const workspace of [headers, quiet]) {
      await app.inject({
        method: 'POST',
        url: '/api/v1/operators',
        headers: workspace,
        payload: {
          name: 'Bench Cells',
          regIdScheme: 'DE-HRB',
          regId: `HRB${randomInt(1e6)}`,
          role: 'MANUFACTURER',
        },
      });
    }
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/subscriptions',
      headers,
      // A public address as an IP literal: registration needs no DNS, and no worker sends anything.
      payload: { url: 'https://93.184.215.14/hooks', events: ['*'] },
    });
    if (subscribed.statusCode !== 201) throw new Error(`subscription: ${subscribed.body}`);

    let counter = randomInt(1e9);
    const create = (workspace: Record<string, string>) => async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/passports',
        headers: workspace,
        payload: JSON.stringify({ productId: gtin(counter++), category: 'batteries', metadata }),
      });
      if (response.statusCode !== 201) throw new Error(`create: ${response.body}`);
    };
    const [withOutbox, without] = await pair(create(headers), create(quiet));
    return [
      figure(
        'passport create + outbox row',
        withOutbox,
        'ops/s',
        'same create, no subscription',
        without,
        0.8,
      ),
    ];
  } finally {
    await close();
  }
}
