/**
 * The turn queue (`turn-queue.ts`) starts jobs first come first served, and a job that finds its
 * turn's budget spent waits for the next turn of the event loop, after its timers and I/O.
 */
import { describe, expect, it } from 'vitest';
import { turnQueue } from '@/lib/server/http/turn-queue';

/** Keeps the thread busy, as a render does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Runs `jobs` through a queue with `budgetMs`, and a timer set after them: the order all ran in. */
async function order(budgetMs: number, jobs: number, jobMs: number): Promise<string[]> {
  const start = turnQueue(budgetMs);
  const ran: string[] = [];
  await new Promise<void>((resolve) => {
    for (let i = 0; i < jobs; i++)
      start(() => {
        busy(jobMs);
        ran.push(`job ${i}`);
        if (i === jobs - 1) resolve();
      });
    setTimeout(() => ran.push('timer'), 0);
  });
  await new Promise((resolve) => setTimeout(resolve, 5));
  return ran;
}

describe('turn queue', () => {
  it('runs jobs in the order they came, in one turn while the budget lasts', async () => {
    expect(await order(100, 5, 0)).toEqual(['job 0', 'job 1', 'job 2', 'job 3', 'job 4', 'timer']);
  });

  it('puts a job off to the next turn once the budget is spent, still in order', async () => {
    // The first job spends the turn's budget: the timer's turn comes before the second job.
    expect(await order(2, 3, 5)).toEqual(['job 0', 'timer', 'job 1', 'job 2']);
  });

  it('finishes a job’s promise work before the next job asks for the time', async () => {
    const start = turnQueue(2);
    const ran: string[] = [];
    await new Promise<void>((resolve) => {
      start(() => {
        void Promise.resolve().then(() => {
          busy(5); // as a render does after PGlite's answer
          ran.push('first, after its await');
        });
      });
      setTimeout(() => ran.push('timer'), 0);
      start(() => {
        ran.push('second');
        resolve();
      });
    });
    expect(ran).toEqual(['first, after its await', 'timer', 'second']);
  });
});
