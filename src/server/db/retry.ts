import { isRetryableConflict } from '#server/lib/db-errors.ts';
import type { Db } from './database';

const MAX_ATTEMPTS = 4;
const BASE_DELAY_MS = 20;

/** Exponential backoff with full jitter, so transactions that collided do not collide again in step. */
const backoff = (attempt: number) => Math.random() * BASE_DELAY_MS * 2 ** attempt;

/**
 * Every `db.transaction(...)` runs again when it lost a serialization race or was picked as a deadlock
 * victim (the database rolled it back, so running it again is safe), up to four attempts in all; after
 * that the error goes on and the request is answered 503. Transactions must therefore keep outside
 * effects (mail, payment calls) out of their body.
 */
export function retryingTransactions<T extends Db>(db: T): T {
  const transaction = db.transaction.bind(db);
  const retrying: Db['transaction'] = async (run, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(run, config);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isRetryableConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoff(attempt)));
      }
    }
  };
  db.transaction = retrying;
  return db;
}
