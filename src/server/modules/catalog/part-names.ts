import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/database.ts';
import { partNameKey, parts } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { onSale } from './on-sale';

/**
 * Part names are unique among the parts on sale, whatever their case and however their accents are
 * encoded (schema.ts, partNameKey). The unique index parts_on_sale_name_key refuses a second one, however
 * close together two writers come: the admin form answers that refusal; the import, which reports every
 * problem of a file at once, first checks all its names here, by the same key.
 */

/** The one message for a name a part on sale already has: the admin form's and the import's. */
export const nameInShop = (name: string) => `"${name}" is already in the shop`;

export interface NameCheck {
  /** The name as the database compares it: two names with the same key are the same name. */
  key: string;
  /** The name of the part on sale that already has it, if any. */
  takenBy: string | null;
}

/** Each name's key and the part on sale holding it, in the order given; one query. */
export async function checkNames(db: Db, names: string[]): Promise<NameCheck[]> {
  if (names.length === 0) return [];
  const given = sql`given.name`;
  return rowsOf<NameCheck>(
    db,
    sql`
    select ${partNameKey(given)} as key,
      (select ${parts.name} from ${parts}
        where ${onSale} and ${partNameKey(parts.name)} = ${partNameKey(given)}
        limit 1) as "takenBy"
    from json_array_elements_text(${JSON.stringify(names)}::json) with ordinality as given(name, position)
    order by given.position`,
  );
}

/** A write that lost the race for a name to another writer. */
export const isNameTaken = (error: unknown) => isUniqueViolation(error, 'parts_on_sale_name_key');
