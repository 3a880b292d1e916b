/** Photos picked together join the product in the order they were picked, whichever finishes first. */
import { describe, expect, it } from 'vitest';
import { takeFinished, type PendingUpload } from '@/lib/shop/upload-order';

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
