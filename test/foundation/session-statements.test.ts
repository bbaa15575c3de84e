// The embedded store's hot reads run as session statements (PREPARE once, EXECUTE with quoted
// literals) and read values exactly as drizzle asks for them. These tests hold the two paths to the
// same answers, with the values an attacker would choose, and fail if drizzle's parser override ever
// stops being the one the client installs.
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Executor, openDatabase, prepared, queryRows } from '../../src/db/client.ts';
import { TYPES_READ_AS_TEXT } from '../../src/db/session-statements.ts';

const notes = pgTable('session_statement_notes', {
  id: integer().primaryKey(),
  body: text().notNull(),
  at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});

const HOSTILE = [
  "O'Brien",
  "'); drop table session_statement_notes; --",
  'back\\slash \\x27 \\\\',
  "E'\\x00'",
  '$1 $2 $$ dollar $$',
  'ünïcödé ₂ 电池 🔋',
  '',
  ' ',
  'x'.repeat(20_000),
  'line\nbreak\ttab\r',
];
const AT = new Date('2026-03-04T05:06:07.891Z');

const byBody = (db: Executor) =>
  db
    .select()
    .from(notes)
    .where(eq(notes.body, sql.placeholder('body')))
    .prepare('session_statement_note_by_body');
const readByBody = (db: Executor, body: string) =>
  prepared(db, 'session_statement_note_by_body', byBody).execute({ body });

describe('session statements on the embedded store', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    await database.db.execute(
      sql`create table session_statement_notes (id integer primary key, body text not null, at timestamptz not null)`,
    );
    await database.db.insert(notes).values(HOSTILE.map((body, index) => ({ id: index + 1, body, at: AT })));
  });
  afterAll(() => database.close());

  it('answers a hot read with the same rows as the ordinary path, whatever the value holds', async () => {
    for (const [index, body] of HOSTILE.entries()) {
      const fast = await readByBody(database.db, body);
      const ordinary = await database.db.select().from(notes).where(eq(notes.body, body));
      expect(fast).toEqual([{ id: index + 1, body, at: AT }]);
      expect(fast).toEqual(ordinary);
    }
    expect(await readByBody(database.db, 'no such note')).toEqual([]);
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from session_statement_notes`,
    );
    expect(count?.n).toBe(HOSTILE.length);
  });

  it('runs the hot read as a statement prepared once in the session', async () => {
    await Promise.all(HOSTILE.map((body) => readByBody(database.db, body)));
    const statements = await queryRows<{ name: string; statement: string }>(
      database.db,
      sql`select name, statement from pg_prepared_statements where name = 'session_statement_note_by_body'`,
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]?.statement).toMatch(/^PREPARE "session_statement_note_by_body" AS select/);
  });

  it('takes statement names as written and numbers as values', async () => {
    const byId = (db: Executor) =>
      db
        .select({ body: notes.body })
        .from(notes)
        .where(eq(notes.id, sql.placeholder('id')))
        .limit(sql.placeholder('limit'))
        .prepare('session_statement_note_byId');
    const read = (id: number) =>
      prepared(database.db, 'session_statement_note_byId', byId).execute({ id, limit: 1 });
    expect(await read(2)).toEqual([{ body: HOSTILE[1] }]);
    expect(await read(-1)).toEqual([]);
    const names = await queryRows<{ name: string }>(
      database.db,
      sql`select name from pg_prepared_statements where name = 'session_statement_note_byId'`,
    );
    expect(names).toHaveLength(1);
  });

  it('refuses a value holding a NUL exactly as the ordinary path does', async () => {
    const ordinary = database.db.select().from(notes).where(eq(notes.body, 'a\0b'));
    await expect(ordinary).rejects.toThrow();
    await expect(readByBody(database.db, 'a\0b')).rejects.toThrow();
  });

  it('reads timestamps as drizzle asks, inside and outside a transaction', async () => {
    const [outside] = await database.db.select().from(notes).where(eq(notes.id, 1));
    const inside = await database.db.transaction(async (tx) => {
      const [viaPrepared] = await readByBody(tx, HOSTILE[0] as string);
      const [plain] = await tx.select().from(notes).where(eq(notes.id, 1));
      return [viaPrepared, plain];
    });
    expect(outside?.at).toEqual(AT);
    expect(inside).toEqual([outside, outside]);
  });

  it("installs the very parser override drizzle's PGlite driver passes with every query", () => {
    // Preparing a query only builds it: the driver needs a client object, not a running one.
    const query = drizzle({} as PGlite)
      .select()
      .from(notes)
      .prepare('probe') as unknown as {
      queryConfig: { parsers: Record<number, (value: string) => unknown> };
      rawQueryConfig: { parsers: Record<number, (value: string) => unknown> };
    };
    for (const config of [query.queryConfig, query.rawQueryConfig]) {
      const types = Object.keys(config.parsers).map(Number);
      expect(types.sort()).toEqual([...TYPES_READ_AS_TEXT].sort());
      for (const parse of Object.values(config.parsers))
        expect(parse('2026-03-04 05:06:07+00')).toBe('2026-03-04 05:06:07+00');
    }
  });
});
