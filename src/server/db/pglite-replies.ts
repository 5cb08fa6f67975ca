import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import type {
  BackendMessage,
  CommandCompleteMessage,
  DatabaseError,
  DataRowMessage,
  NoticeMessage,
  NotificationResponseMessage,
  ParameterDescriptionMessage,
  RowDescriptionMessage,
} from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/** Who hears what PostgreSQL says besides its answer: notices, and the notifications of LISTEN. */
export interface Asides {
  notice?: ((notice: NoticeMessage) => void) | undefined;
  notification: (notification: NotificationResponseMessage) => void;
}

/**
 * Sends `message` (frontend protocol messages ending in a Sync) to PGlite and reads PostgreSQL's reply
 * with node-postgres's protocol parser, `pg-protocol`. PGlite's own parser copies its input, then each
 * field of each row into an ArrayBuffer of its own before decoding it: for a page of 24 parts that was
 * most of PGlite's JavaScript, and reading the reply here serves 25–30 % more pages a second
 * (docs/decisions/043-embedded-database-replies.md). Throws the first error PostgreSQL answered, as
 * PGlite's `execProtocolStream` does; hands every notice and notification to `asides`.
 */
export async function exchange(
  client: PGlite,
  message: Uint8Array,
  asides: Asides,
): Promise<BackendMessage[]> {
  const parser = new Parser();
  const messages: BackendMessage[] = [];
  let failure: DatabaseError | undefined;
  await client.execProtocolRawStream(message, {
    // The chunk is PGlite's memory, written over by the next: copied before the parser keeps any of it.
    onRawData: (chunk) =>
      parser.parse(Buffer.from(chunk), (received) => {
        if (received.name === 'error') failure ??= received as DatabaseError;
        else if (received.name === 'notice') asides.notice?.(received as NoticeMessage);
        else if (received.name === 'notification')
          asides.notification(received as NotificationResponseMessage);
        else messages.push(received);
      }),
  });
  if (failure) throw failure;
  return messages;
}

/** The parameters' types of a described statement, and the shape of its rows (none for a statement without rows). */
export function describedOf(messages: BackendMessage[]): {
  parameterTypes: number[];
  rows: RowDescriptionMessage | undefined;
} {
  const parameters = messages.find((message) => message.name === 'parameterDescription');
  return {
    parameterTypes: (parameters as ParameterDescriptionMessage | undefined)?.dataTypeIDs ?? [],
    rows: messages.find((message) => message.name === 'rowDescription') as RowDescriptionMessage | undefined,
  };
}

/** The commands whose tag's count is the rows they changed (PGlite's `affectedRows`). */
const AFFECTING_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * One statement's answer as PGlite's `query` gives it (`parse.parseResults`): its rows as objects or
 * arrays, each value read by the parser of its type (PGlite's, or those of `options`), its fields, and
 * the counts of its command tag.
 */
export function resultsOf<T>(
  rows: RowDescriptionMessage | undefined,
  messages: BackendMessage[],
  parsers: PGlite['parsers'],
  options: QueryOptions | undefined,
): Results<T> {
  const fields = (rows?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID }));
  const read = fields.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? parsers[dataTypeID]);
  const asArrays = options?.rowMode === 'array';
  const answer: Results<T> = { rows: [], fields, affectedRows: 0 };
  for (const message of messages) {
    if (message.name === 'dataRow') {
      // The row's texts, in an array pg-protocol made for this reply: each is parsed in its place.
      const values: unknown[] = (message as DataRowMessage).fields;
      for (let i = 0; i < values.length; i++) {
        const parser = read[i];
        if (values[i] !== null && parser)
          values[i] = parser(values[i] as string, fields[i]?.dataTypeID as number);
      }
      if (asArrays) answer.rows.push(values as T);
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) row[fields[i]?.name as string] = values[i];
        answer.rows.push(row as T);
      }
    } else if (message.name === 'commandComplete') {
      // "SELECT 2", "UPDATE 3", "INSERT 0 5"; other tags end in a word ("CREATE TABLE").
      const words = (message as CommandCompleteMessage).text.split(' ');
      const command = words[0] as string;
      const count = Number.parseInt(words[words.length - 1] as string, 10);
      answer.command = command;
      if (!Number.isNaN(count)) answer.rowCount = count;
      if (AFFECTING_ROWS.has(command)) answer.affectedRows = count;
    }
  }
  return answer;
}
