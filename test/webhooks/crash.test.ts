// At-least-once across a crash: the service is killed (SIGKILL) while a delivery is in flight, and
// after a restart on the same store the event is delivered, with the same event id.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { batteryMetadata } from '../helpers/passports.ts';
import { processTimeout, startServer, stopProcesses, stopServer } from '../helpers/process.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';
import { startReceiver, verifySignature } from '../helpers/webhook-receiver.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'opendpp-webhooks-'));
// Both services are stopped whatever happens, the second one included when its start fails.
afterEach(stopProcesses);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ENV = {
  DATA_DIR: dataDir,
  WEBHOOK_ALLOW_INSECURE_TARGETS: 'true',
  WEBHOOK_TIMEOUT_MS: '1000',
  LOG_LEVEL: 'info',
};

async function post(url: string, token: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('webhook delivery across a crash', () => {
  // Two boots (helpers/process.ts budgets each), and the three waits below for the output, the
  // delivery and the lease.
  it('delivers after a kill -9 between the change and the delivery', {
    timeout: processTimeout(2) + 3 * WAIT_BUDGET_MS,
  }, async () => {
    const receiver = await startReceiver();
    receiver.script = ['hang'];
    let server = await startServer(ENV);
    try {
      await expect.poll(() => server.stdout(), { timeout: WAIT_BUDGET_MS }).toContain('Demo API key');
      const token = /Demo API key\s*: (\S+)/.exec(server.stdout())?.[1] ?? '';
      const subscribed = await post(`${server.url}/api/v1/webhooks/subscriptions`, token, {
        url: receiver.url,
        events: ['passport.ingested'],
      });
      expect(subscribed.status).toBe(201);
      const secret = subscribed.body.secret as string;
      const operator = await post(`${server.url}/api/v1/operators`, token, {
        name: 'Crash Test Cells GmbH',
        regIdScheme: 'DE-HRB',
        regId: 'HRB424242',
        role: 'MANUFACTURER',
        country: 'DE',
      });
      expect(operator.status).toBe(201);
      const passport = await post(`${server.url}/api/v1/passports`, token, {
        productId: 'SKU-CRASH-1',
        category: 'batteries',
        originCountry: 'DE',
        metadata: batteryMetadata(),
      });
      expect(passport.status, JSON.stringify(passport.body)).toBe(201);

      // The delivery is in flight (the receiver holds it unanswered): the service dies now.
      await expect.poll(() => receiver.received.length, { timeout: WAIT_BUDGET_MS }).toBe(1);
      await stopServer(server, 'SIGKILL');

      receiver.fallback = 204;
      server = await startServer(ENV);
      // The claim of the dead instance runs out (timeout + margin, 6 s) and the event goes out again.
      await expect
        .poll(() => receiver.received.length, { timeout: WAIT_BUDGET_MS, interval: 200 })
        .toBeGreaterThanOrEqual(2);
      const [first, second] = receiver.received;
      if (!first || !second) throw new Error('two deliveries expected');
      expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(second.json.type).toBe('passport.ingested');
      expect(verifySignature(secret, second)).toBe(true);
      expect((second.json.data as Record<string, unknown>).passportId).toBe(
        (passport.body.passport as Record<string, unknown>).id,
      );
    } finally {
      await stopServer(server);
      await receiver.close();
    }
  });
});
