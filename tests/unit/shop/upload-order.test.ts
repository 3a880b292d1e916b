/** Photos picked together join the product in the order they were picked, whichever finishes first. */
import { describe, expect, it } from 'vitest';
import { moveItem, takeFinished, type PendingUpload } from '@/lib/shop/upload-order';

describe('upload order', () => {
  it('holds a finished photo until the ones picked before it are in; skips a failed one', () => {
    let queue: PendingUpload<string>[] = [{ key: 'a' }, { key: 'b' }, { key: 'c' }];
    const settle = (key: string, outcome: Omit<PendingUpload<string>, 'key'>) => {
      queue = queue.map((u) => (u.key === key ? { ...u, ...outcome } : u));
      const taken = takeFinished(queue);
      queue = taken.rest;
      return taken.done;
    };
    // The second picked finishes first: it waits for the first, the main photo.
    expect(settle('b', { result: 'segunda' })).toEqual([]);
    expect(settle('a', { result: 'primera' })).toEqual(['primera', 'segunda']);
    expect(settle('c', { failed: true })).toEqual([]);
    expect(queue).toEqual([]);
  });
});

describe('moving a photo', () => {
  const list = ['a', 'b', 'c', 'd'];
  it('moves to a place, the first being the main photo', () => {
    expect(moveItem(list, 2, 0)).toEqual(['c', 'a', 'b', 'd']);
    expect(moveItem(list, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(list, 1, 2)).toEqual(['a', 'c', 'b', 'd']);
  });
  it('clamps the place and ignores a position outside the list', () => {
    expect(moveItem(list, 3, 99)).toEqual(list);
    expect(moveItem(list, 1, -5)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(list, 9, 0)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
});
