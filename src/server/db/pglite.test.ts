import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from './database';
import { DEFAULT_SHARED_BUFFERS_MB, openPglite } from './pglite';

const sharedBuffers = async (sharedBuffersMb?: number) => {
  const database = await openPglite({ dataDir: 'memory://', sharedBuffersMb });
  try {
    const [row] = await rowsOf<{ value: string }>(
      database.db,
      sql`select current_setting('shared_buffers') as value`,
    );
    return row!.value;
  } finally {
    await database.close();
  }
};

describe('the embedded database', () => {
  it('keeps its buffer pool small unless told otherwise, since the pool lives in the shop’s own memory', async () => {
    expect(await sharedBuffers()).toBe(`${DEFAULT_SHARED_BUFFERS_MB}MB`);
    expect(await sharedBuffers(64)).toBe('64MB');
  });
});
