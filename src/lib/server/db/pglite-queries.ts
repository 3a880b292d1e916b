/**
 * A faster `query` for PGlite, the one Drizzle calls for every statement.
 *
 * PGlite's own `query` crosses into WebAssembly six times per statement (Parse, Describe the
 * statement to learn parameter types, Bind, Describe the portal, Execute, Sync) and plans the
 * statement anew each time. Here the statement is parsed once under a name (PostgreSQL keeps
 * its plan), and each call sends Bind, Execute and Sync as one message: one crossing. The
 * rows' description is asked for on the first run only
 * (`docs/decisions/2026-11-23-pglite-one-crossing-queries.md`).
 *
 * Parameters go as text, typed by the server, which is what PGlite's serializers produce for
 * the values Drizzle hands over (strings, numbers, booleans, dates); any other value (a byte
 * array, an object) takes PGlite's own path.
 */
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/** Any method of the wrapped client, as a proxy hands it on. */
type Method = (...args: unknown[]) => unknown;

const { serialize } = protocol;

/** Statements kept parsed per database; past this, new texts run unnamed (still one crossing). */
const MAX_NAMED = 1000;
/** Only plain data statements are kept by name (migrations and DDL run once). */
const CACHEABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
/** A statement that only reads: nothing to write back to the data folder after it. */
const READ_ONLY = /^\s*select\b/i;

/** Whatever answers `query` the PGlite way: the database itself, or a transaction it handed out. */
type Queryable = Pick<PGlite, 'query'>;

/** PGlite's internals this relies on: public in the build, marked protected in its types. */
interface PGliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  parsers: Parsers;
}

/** Type parsers by type OID, as `parseResults` takes them. */
type Parsers = Parameters<typeof parse.parseResults>[1];

/** The messages PGlite's protocol parser produces, as `parseResults` reads them. */
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A parameter as the text PostgreSQL reads, or undefined when PGlite's own serializers must do it. */
function asText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      return value instanceof Date ? value.toISOString() : undefined;
  }
}

/**
 * The type parsers and options to read results with. PGlite merges a query's own parsers (Drizzle
 * sends a few with every query) into a copy of all 318 of the database's, on every query; here
 * the few sit on top of the database's through the prototype chain instead, which reads the same.
 * A prepared Drizzle query hands over the same options object each time: its pair is kept.
 */
const parsersKept = new WeakMap<QueryOptions, [Parsers, QueryOptions]>();
function parsersFor(
  options: QueryOptions | undefined,
  all: Parsers,
): [Parsers, QueryOptions | undefined] {
  if (!options?.parsers) return [all, options];
  let kept = parsersKept.get(options);
  if (kept && Object.getPrototypeOf(kept[0]) === all) return kept;
  kept = [
    Object.assign(Object.create(all) as Parsers, options.parsers),
    { ...options, parsers: undefined },
  ];
  parsersKept.set(options, kept);
  return kept;
}

/**
 * Wraps a PGlite instance so that `query` (and `query` inside `transaction`) take the one-crossing
 * path; everything else is PGlite's own. Hand the result to `drizzle()`.
 */
export function withFastQueries(client: PGlite): PGlite {
  const inner = client as unknown as PGliteInternals & PGlite;
  const names = new Map<string, string>();
  /**
   * A named statement's row description, read from its first run. Later runs skip Describe and
   * hand this to `parseResults` instead: reading the description (a name per column, a fresh
   * string each) cost more than the row itself on the product page's statement.
   */
  const described = new Map<string, BackendMessage | null>();

  /** Runs one statement; the caller holds the transaction lock (or is inside a transaction). */
  async function run<T>(
    text: string,
    values: (string | null)[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    return inner._runExclusiveQuery(async () => {
      let name = names.get(text);
      const messages: Uint8Array[] = [];
      if (name === undefined && names.size < MAX_NAMED && CACHEABLE.test(text)) {
        const candidate = `impulsa_${names.size + 1}`;
        // Parsed alone first: a statement that does not parse must not be remembered.
        await client.execProtocolStream(
          concat([serialize.parse({ name: candidate, text, types: [] }), serialize.sync()]),
          { syncToFs: false },
        );
        names.set(text, (name = candidate));
      }
      if (name === undefined) messages.push(serialize.parse({ text, types: [] }));
      const description = name === undefined ? undefined : described.get(name);
      messages.push(serialize.bind({ statement: name ?? '', values }));
      if (description === undefined) messages.push(serialize.describe({ type: 'P' }));
      messages.push(serialize.execute({}), serialize.sync());
      let results = await client.execProtocolStream(concat(messages), { syncToFs: false });
      if (!inTransaction && !READ_ONLY.test(text)) await client.syncToFs();
      if (name !== undefined && description === undefined)
        described.set(name, results.find((m) => m.name === 'rowDescription') ?? null);
      else if (description) results = [description, ...results];
      return parse.parseResults(results, ...parsersFor(options, inner.parsers))[0] as Results<T>;
    });
  }

  /**
   * The fast path when every parameter is plain; PGlite's own `query` otherwise. Outside a
   * transaction the fast path takes PGlite's transaction lock itself (its own `query` does too,
   * and the lock is not re-entrant, so the choice is made before taking it).
   */
  function query(own: Queryable, inTransaction: boolean) {
    return async <T>(
      text: string,
      params: unknown[] = [],
      options?: QueryOptions,
    ): Promise<Results<T>> => {
      const values = params.map(asText);
      if (values.includes(undefined) || options?.blob || options?.paramTypes)
        return own.query<T>(text, params, options);
      if (inTransaction) return run<T>(text, values as (string | null)[], options, true);
      await inner._checkReady();
      return inner._runExclusiveTransaction(() =>
        run<T>(text, values as (string | null)[], options, false),
      );
    };
  }

  const outside = query(client, false);
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'query') return outside;
      if (key === 'transaction') {
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          client.transaction((tx) => {
            const fast = query(tx, true);
            const wrapped = Object.create(tx, {
              query: {
                value: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
                  if (tx.closed) throw new Error('Transaction is closed');
                  return fast<R>(text, params, options);
                },
              },
            }) as Transaction;
            return callback(wrapped);
          });
      }
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === 'function' ? (value as Method).bind(target) : value;
    },
  });
}
