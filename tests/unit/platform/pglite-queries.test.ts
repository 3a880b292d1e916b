/**
 * The one-crossing PGlite query path (`pglite-queries.ts`) answers exactly what PGlite's own
 * `query` answers: same rows and types, same errors, transactions that commit and roll back,
 * and PGlite's own path for values it cannot send as text.
 */
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFastQueries } from '@/lib/server/db/pglite-queries';
import { isUniqueViolation } from '@/lib/server/db/errors';

const things = pgTable('things', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  data: jsonb('data'),
  at: timestamp('at', { withTimezone: true }),
});

let client: PGlite;
let fast: PGlite;

beforeAll(async () => {
  client = await PGlite.create('memory://');
  fast = withFastQueries(client);
  await client.exec(
    `create table things (id integer primary key generated always as identity,
      name text not null unique, data jsonb, at timestamptz, picture bytea)`,
  );
});
afterAll(() => client.close());

describe('PGlite queries in one crossing', () => {
  it('returns what PGlite’s own query returns, for every kind of parameter', async () => {
    await client.query(
      `insert into things (name, data, at) values ('uno', '{"a":[1,2]}', '2026-11-23T10:00:00.123Z')`,
    );
    const text = `select id, name, data, at, $1::int + 1 as n, $2::bool as b, $3::text as s,
      $4::timestamptz as t, $5::text is null as missing from things where name = $3`;
    const params = [41, true, 'uno', new Date('2026-01-02T03:04:05.678Z'), null];
    for (const rowMode of ['object', 'array'] as const) {
      const own = await client.query(text, params, { rowMode });
      const ours = await fast.query(text, params, { rowMode });
      expect(ours.rows).toEqual(own.rows);
      expect(ours.fields).toEqual(own.fields);
    }
    // The second call runs the statement parsed under its name.
    expect((await fast.query(text, params)).rows).toEqual((await client.query(text, params)).rows);
    // A query's own type parsers (Drizzle sends some with each query) win over the database's, for those types only.
    const parsers = {
      1184: (value: string) => `at ${value}`,
      23: (value: string) => Number(value) * 10,
    };
    const own = await client.query(text, params, { rowMode: 'object', parsers });
    const ours = await fast.query(text, params, { rowMode: 'object', parsers });
    expect(ours.rows).toEqual(own.rows);
    expect(ours.rows[0]).toMatchObject({
      n: 420,
      t: 'at 2026-01-02 03:04:05.678+00',
      data: { a: [1, 2] },
      b: true,
    });
  });

  it('serves Drizzle: inserts, updates, selects and counts', async () => {
    const db = drizzle(fast);
    const [row] = await db
      .insert(things)
      .values({ name: 'dos', data: { b: 'ñandú' }, at: new Date('2026-11-23T00:00:00Z') })
      .returning();
    expect(row).toMatchObject({ name: 'dos', data: { b: 'ñandú' } });
    expect(row!.at!.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    const updated = await db
      .update(things)
      .set({ name: 'dos y medio' })
      .where(eq(things.id, row!.id))
      .returning({ name: things.name });
    expect(updated).toEqual([{ name: 'dos y medio' }]);
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(things)) as [
      { n: number },
    ];
    expect(n).toBe(2);
  });

  it('raises PostgreSQL’s errors, with their codes, and keeps working after them', async () => {
    const db = drizzle(fast);
    const duplicate = await db
      .insert(things)
      .values({ name: 'uno' })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(duplicate)).toBe(true);
    await expect(fast.query('select nonsense from')).rejects.toThrow(/syntax error/);
    // A statement that failed to parse is not remembered under a name: fixed, it runs.
    await expect(fast.query('select $1::int as x', ['no es número'])).rejects.toThrow(
      /invalid input syntax/,
    );
    expect((await fast.query<{ x: number }>('select $1::int as x', [7])).rows).toEqual([{ x: 7 }]);
  });

  it('commits and rolls back transactions through Drizzle', async () => {
    const db = drizzle(fast);
    await db.transaction(async (tx) => {
      await tx.insert(things).values({ name: 'tres' });
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(things).values({ name: 'cuatro' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const names = (await db.select({ name: things.name }).from(things)).map((r) => r.name);
    expect(names).toContain('tres');
    expect(names).not.toContain('cuatro');
  });

  it('hands bytes to PGlite’s own serializers', async () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    await fast.query(`update things set picture = $1 where name = 'uno'`, [bytes]);
    const { rows } = await fast.query<{ picture: Uint8Array }>(
      `select picture from things where name = 'uno'`,
    );
    expect(Array.from(rows[0]!.picture)).toEqual([0, 1, 2, 255]);
  });

  it('describes a named statement’s rows once, and answers with the same fields after', async () => {
    const text = `select id, name, data from things where name = $1`;
    const own = await client.query(text, ['uno'], { rowMode: 'array' });
    const described: number[] = [];
    const exec = client.execProtocolStream.bind(client);
    client.execProtocolStream = async (...args) => {
      const messages = await exec(...args);
      described.push(messages.filter((m) => m.name === 'rowDescription').length);
      return messages;
    };
    try {
      for (let i = 0; i < 3; i++) {
        const ours = await fast.query(text, ['uno'], { rowMode: 'array' });
        expect(ours.rows).toEqual(own.rows);
        expect(ours.fields).toEqual(own.fields);
      }
      // A statement without rows has no description to keep, and runs again all the same.
      for (let i = 0; i < 2; i++)
        expect(
          (await fast.query(`update things set at = null where name = $1`, ['x'])).rows,
        ).toEqual([]);
    } finally {
      client.execProtocolStream = exec;
    }
    // Parsed (no description), run with Describe, then twice from the kept description.
    expect(described.slice(0, 4)).toEqual([0, 1, 0, 0]);
  });

  it('runs concurrent queries one at a time, each with its own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => fast.query<{ i: number }>('select $1::int as i', [i])),
    );
    expect(answers.map((a) => a.rows[0]!.i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
