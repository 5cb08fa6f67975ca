import { describe, expect, it } from 'vitest';
import { sharedWhileLoading } from './shared-while-loading';

describe('sharedWhileLoading', () => {
  it('loads a key once for the calls made while its load is under way, and again once it settled', async () => {
    const loaded: string[] = [];
    const read = sharedWhileLoading(async (key: string) => {
      loaded.push(key);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return `${key}:${loaded.length}`;
    });
    expect(await Promise.all([read('a'), read('a'), read('b')])).toEqual(['a:2', 'a:2', 'b:2']);
    expect(loaded).toEqual(['a', 'b']);
    expect(await read('a')).toBe('a:3');
    expect(loaded).toEqual(['a', 'b', 'a']);
  });

  it('keeps no failure: the next call loads again', async () => {
    let calls = 0;
    const read = sharedWhileLoading(async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return calls;
    });
    const [first, second] = await Promise.allSettled([read('x'), read('x')]);
    expect(first.status).toBe('rejected');
    expect(second.status).toBe('rejected');
    expect(await read('x')).toBe(2);
  });
});
