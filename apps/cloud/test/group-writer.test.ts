// Group commit for successful webhook attempts: items that arrive together, or while a write is
// running, are written together; a failed write fails exactly its own group.
import { describe, expect, it } from 'vitest';
import { GroupWriter } from '../src/db/group-writer.js';

describe('GroupWriter', () => {
  it('writes items added in the same moment as one group', async () => {
    const groups: number[][] = [];
    const writer = new GroupWriter<number>((items) => {
      groups.push([...items]);
      return Promise.resolve();
    }, 0);
    await Promise.all([1, 2, 3].map((n) => writer.add(n)));
    expect(groups).toEqual([[1, 2, 3]]);
  });

  it('gathers items added during a write into the next group', async () => {
    const groups: number[][] = [];
    let release!: () => void;
    const writer = new GroupWriter<number>((items) => {
      groups.push([...items]);
      return groups.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    }, 0);
    const first = writer.add(1);
    await new Promise((r) => setTimeout(r, 10));
    const later = [writer.add(2), writer.add(3)];
    release();
    await Promise.all([first, ...later]);
    expect(groups).toEqual([[1], [2, 3]]);
  });

  it('rejects every item of a failed group and still writes the next one', async () => {
    let calls = 0;
    let release!: () => void;
    const writer = new GroupWriter<string>(() => {
      calls++;
      return calls === 1
        ? new Promise<void>((_, reject) => (release = () => reject(new Error('database down'))))
        : Promise.resolve();
    }, 0);
    const failed = [writer.add('a'), writer.add('b')];
    await new Promise((r) => setTimeout(r, 10));
    const next = writer.add('c');
    const outcomes = Promise.allSettled([...failed, next]);
    release();
    expect((await outcomes).map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    await expect(failed[0]).rejects.toThrow('database down');
    expect(calls).toBe(2);
  });

  it('splits a long queue into groups of at most maxGroup', async () => {
    const sizes: number[] = [];
    const writer = new GroupWriter<number>(
      (items) => {
        sizes.push(items.length);
        return Promise.resolve();
      },
      0,
      4,
    );
    await Promise.all(Array.from({ length: 10 }, (_, i) => writer.add(i)));
    expect(sizes).toEqual([4, 4, 2]);
  });
});
