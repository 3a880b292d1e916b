/**
 * The registry of personal data (issue 62) covers the schema: every table that refers to `users`
 * or holds a buyer's fields has an entry saying what deletion, export and a data request do to
 * it. A new table left out fails here (the test of the test below adds one).
 */
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, integer, pgTable, PgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { PERSONAL_DATA, registryEntry } from '@/lib/privacy/registry.server';
import * as schema from '@/lib/server/db/schema';

/** Columns that hold a person's contact or words, whatever the table. */
const PERSONAL_COLUMN = /(^|_)(buyer|email|phone|full_name|holder|address|ip)($|_)/;

/** The tables that hold personal data and are not in the registry. */
function missing(tables: PgTable[]): string[] {
  return tables
    .filter((table) => {
      const config = getTableConfig(table);
      const refersToUsers = config.foreignKeys.some(
        (fk) => getTableName(fk.reference().foreignTable) === 'users',
      );
      const personal = config.columns.some((c) => PERSONAL_COLUMN.test(c.name));
      return (refersToUsers || personal || config.name === 'users') && !registryEntry(table);
    })
    .map((table) => getTableName(table));
}

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

describe('the registry of personal data', () => {
  it('names every table that refers to a person', () => {
    expect(tables.length).toBeGreaterThan(30);
    expect(missing(tables)).toEqual([]);
  });

  it('fails for a new table that refers to users and is left out', () => {
    const notes = pgTable('seller_notes', {
      id: integer('id').primaryKey(),
      userId: integer('user_id').references(() => schema.users.id),
    });
    const leads = pgTable('leads', {
      id: integer('id').primaryKey(),
      buyerEmail: text('buyer_email'),
    });
    expect(missing([...tables, notes, leads])).toEqual(['seller_notes', 'leads']);
  });

  it('says how each table is reached, and why anything is kept', () => {
    for (const entry of PERSONAL_DATA) {
      const name = getTableName(entry.table);
      const { deletion } = entry;
      if ('erase' in deletion && deletion.erase === 'rows')
        expect(entry.owner, `${name} is erased by its owner column`).toBeDefined();
      if ('erase' in deletion && deletion.erase === 'with parent')
        expect(entry.via, `${name} goes with its parent`).toBeDefined();
      if ('keep' in deletion) expect(deletion.keep.length, name).toBeGreaterThan(20);
      if (entry.via)
        expect(
          PERSONAL_DATA.findIndex((e) => e.table === entry.via!.parent),
          `${name}'s parent comes first`,
        ).toBeLessThan(PERSONAL_DATA.indexOf(entry));
      if (entry.of !== 'account')
        expect(entry.buyerRequest ?? ('keep' in deletion ? 'kept' : undefined), name).toBeDefined();
    }
  });

  it('erases the payment and invoicing accounts, and exports them without their keys', () => {
    for (const table of [schema.paymentAccounts, schema.invoicingAccounts]) {
      const entry = registryEntry(table)!;
      expect(entry.deletion).toEqual({ erase: 'rows' });
      expect('key' in entry.export).toBe(true);
    }
  });
});
