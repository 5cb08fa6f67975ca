import {
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import type { RowDescriptionMessage } from 'pg-protocol/dist/messages.js';
import { notificationsOf } from './pglite-notifications';
import { describedOf, exchange, resultsOf } from './pglite-replies';

/** A statement PostgreSQL holds under `name`: the types of its parameters and the shape of its rows. */
interface NamedStatement {
  name: string;
  parameterTypes: number[];
  /** The statement's row description, or nothing for a statement without rows. */
  rows: RowDescriptionMessage | undefined;
}

/** How many statements one database keeps prepared: the request path's few dozen, with room to spare. */
const MAX_NAMED_STATEMENTS = 200;

const { serialize } = protocol;

const joined = (messages: Uint8Array[]) => {
  const bytes = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    bytes.set(message, offset);
    offset += message.length;
  }
  return bytes;
};

/**
 * The client Drizzle is given: PGlite, with every statement run as a named prepared statement
 * (docs/decisions/042-embedded-database-named-statements.md). PGlite's own `query` makes six calls into
 * PostgreSQL's WebAssembly for each statement (parse, describe, bind, describe, execute, sync), and
 * PostgreSQL parses, analyses and plans it each time. Here a statement's text is parsed and described
 * once, and each run after that is one call (bind, execute, sync), planned as PostgreSQL plans any
 * prepared statement (a cached generic plan once it costs no more than planning for the values).
 * The MAX_NAMED_STATEMENTS most recently used are kept; the oldest is closed to make room.
 *
 * PGlite's two locks are taken as its `query` takes them: outside a transaction, the transaction lock
 * (so that no statement slips into another request's open transaction) and then the query lock; inside
 * one, whose callback already holds the transaction lock, the query lock only.
 */
export function withNamedStatements(client: PGlite, maxStatements = MAX_NAMED_STATEMENTS): PGlite {
  /** By the statement's text, least recently used first. */
  const statements = new Map<string, NamedStatement>();
  let named = 0;
  const notifications = notificationsOf(client);

  /** The statement of `text`, parsed and described now when it is not kept. Under the query lock. */
  async function statementOf(text: string): Promise<NamedStatement> {
    const kept = statements.get(text);
    if (kept) {
      statements.delete(text);
      statements.set(text, kept);
      return kept;
    }
    const messages: Uint8Array[] = [];
    const [oldest] = statements;
    if (oldest && statements.size >= maxStatements) {
      statements.delete(oldest[0]);
      messages.push(serialize.close({ type: 'S', name: oldest[1].name }));
    }
    named += 1;
    const name = `pglite_statement_${named}`;
    messages.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
    const statement: NamedStatement = {
      name,
      ...describedOf(await exchange(client, joined(messages), { notification: notifications.heard })),
    };
    statements.set(text, statement);
    return statement;
  }

  /** Runs `text` with `params` as PGlite's `query` would. Under the query lock. */
  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    let statement: NamedStatement;
    let messages: Awaited<ReturnType<typeof exchange>>;
    try {
      statement = await statementOf(text);
      const { parameterTypes } = statement;
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = parameterTypes[index] as number;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      messages = await exchange(
        client,
        joined([
          serialize.bind({ statement: statement.name, values }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        // Notices to the statement's `onNotice`, as PGlite hands them.
        { notice: options?.onNotice, notification: notifications.heard },
      );
    } catch (error) {
      // A table changed under the statement so that its rows would change shape: described again next time.
      if ((error as { code?: string }).code === '0A000') statements.delete(text);
      // Labelled as PGlite's `query` labels an error, whether it came at parsing or at running.
      throw Object.assign(error as object, { query: text, params, queryOptions: options });
    }
    return resultsOf<T>(statement.rows, messages, client.parsers, options);
  }

  /**
   * The event loop's turn, taken under PGlite's locks before each statement outside a transaction and
   * at the start of each transaction. The locks hand over in promise callbacks, so work queued behind
   * them would otherwise run back to back without the loop ever reading a socket: under load, a
   * connection that arrived meanwhile waited seconds for its first answer. A transaction's own
   * statements run without a turn between them: it holds the database until it ends.
   */
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  /** PGlite's `query` where this cannot stand in for it: a file to copy, or parameter types given. */
  const ownQueryNeeded = (options: QueryOptions | undefined) =>
    options?.blob !== undefined || options?.paramTypes !== undefined;

  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (ownQueryNeeded(options)) return client.query<T>(text, params, options);
    // A database closed or failed to open answers as PGlite's `query` answers, not from the WebAssembly.
    await client._checkReady();
    const results = await client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        await turn();
        return run<T>(text, params, options);
      }),
    );
    await client.syncToFs();
    return results;
  };

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    client.transaction(async (tx) => {
      await turn();
      return callback(
        new Proxy(tx, {
          get(target, property) {
            if (property !== 'query') return Reflect.get(target, property);
            return <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
              if (tx.closed) throw new Error('Transaction is closed');
              if (ownQueryNeeded(options)) return tx.query<R>(text, params, options);
              return client.runExclusive(() => run<R>(text, params, options));
            };
          },
        }),
      );
    });

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      if (Object.hasOwn(notifications.methods, property))
        return notifications.methods[property as keyof typeof notifications.methods];
      // Read from PGlite itself: its getters and methods use its private fields.
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
