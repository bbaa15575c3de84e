// The raw baseline of passport create: the rows a create writes (the passport, its audit record, and
// the outbox rows of the workspace's subscriptions, none in the bench workspace, as for the node)
// inserted in one transaction through the driver under the app (`pg` pool or the PGlite client),
// behind a bare Fastify route that takes the same request body. The passport row is a copy of one
// the node made, with a new id and the body's productId.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { queryRows } from '../src/db/client.ts';
import type { BenchApp } from './lib/app.ts';
import { listen, requestsPerSecond, type Target } from './lib/measure.ts';

type Query = (text: string, values: unknown[]) => Promise<unknown>;
interface RawClient {
  query: Query;
  connect?: () => Promise<{ query: Query; release(): void }>;
  transaction?: <T>(work: (tx: { query: Query }) => Promise<T>) => Promise<T>;
}

const INSERT_PASSPORT =
  'insert into passports select * from jsonb_populate_record(null::passports, $1::jsonb)';
const INSERT_AUDIT_AND_OUTBOX = `
  with audit as (
    insert into audit_events (tenant_id, action, subject_type, subject_id, actor, details, at)
    values ($1, 'passport.created', 'passport', $2, $3, $4::jsonb, $5::timestamptz)
    returning id)
  insert into webhook_outbox (tenant_id, event_id, subscription_id, kind, data, next_attempt_at, created_at)
  select s.tenant_id, e.id, s.id, 'passport.created', $4::jsonb, $5::timestamptz, $5::timestamptz
  from audit e, webhook_subscriptions s
  where s.tenant_id = $1 and s.active and s.events && array['passport.created', '*']::text[]`;

/** Raw creates per second, through a bare route hit like the node's create route. */
export async function rawPassportCreate(
  bench: BenchApp,
  templateId: string,
  target: Omit<Target, 'url'>,
): Promise<number> {
  const [template] = await queryRows<{ row: Record<string, unknown> }>(
    bench.db,
    sql`select to_jsonb(p) as row from passports p where tenant_id = ${bench.tenantId} and id = ${templateId}`,
  );
  if (!template) throw new Error('no template passport');
  const client = (bench.db as unknown as { $client: RawClient }).$client;
  const write = async (query: Query, productId: string) => {
    const id = randomUUID();
    const at = new Date().toISOString();
    const row = { ...template.row, id, product_id: productId, created_at: at, updated_at: at };
    await query(INSERT_PASSPORT, [JSON.stringify(row)]);
    const details = JSON.stringify({ productId, status: template.row.status });
    await query(INSERT_AUDIT_AND_OUTBOX, [bench.tenantId, id, 'bench', details, at]);
  };
  const inTransaction = async (productId: string) => {
    if (client.transaction) return client.transaction((tx) => write((t, v) => tx.query(t, v), productId));
    const connection = await (client.connect as NonNullable<RawClient['connect']>)();
    try {
      await connection.query('begin', []);
      await write((t, v) => connection.query(t, v), productId);
      await connection.query('commit', []);
    } catch (error) {
      await connection.query('rollback', []);
      throw error;
    } finally {
      connection.release();
    }
  };
  const app = Fastify({ bodyLimit: 10 * 1024 * 1024 });
  app.post('/raw', async (request, reply) => {
    await inTransaction((request.body as { productId: string }).productId);
    return reply.code(201).send({ success: true });
  });
  const url = await listen(app);
  try {
    return await requestsPerSecond({ ...target, url: `${url}/raw` });
  } finally {
    await app.close();
  }
}
