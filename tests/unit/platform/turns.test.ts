import { describe, expect, it } from 'vitest';
import { takingTurns } from '@/lib/server/turns';

describe('takingTurns', () => {
  it('runs at most `slots` works at once, the rest in the order they came, and frees a slot on failure', async () => {
    const inTurn = takingTurns(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = (i: number) =>
      inTurn(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 10));
        running--;
        if (i === 1) throw new Error('una imagen dañada');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(work));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    // Every slot came back: two more run together at once.
    const t0 = Date.now();
    await Promise.all([work(6), work(7)]);
    expect(Date.now() - t0).toBeLessThan(100);
  });
});
