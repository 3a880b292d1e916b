/**
 * Starts the jobs it is given in the turns of Node's event loop, first come first served, with a
 * budget per turn: a job that finds this turn's budget spent waits for the next turn.
 *
 * libuv accepts one new connection per turn (libuv#3696). A request that PGlite answers runs from
 * start to end inside the turn that started it, so a turn lasted as long as every ready request's
 * render together, and under load a burst of new connections each waited behind all the busy
 * ones, turn after turn: the fiftieth of fifty, seconds. With a budget, a turn is about one
 * budget long (`docs/decisions/2026-11-26-turn-budget.md`).
 */
export function turnQueue(budgetMs: number): (job: () => void) => void {
  /** When this turn's first job started; -1 until one has. */
  let turnStart = -1;
  const nextTurn = () => {
    turnStart = -1;
  };
  function run(job: () => void) {
    const now = performance.now();
    if (turnStart < 0) {
      turnStart = now;
      // Set while immediates run, it runs first in the next turn's, ahead of the jobs put off.
      setImmediate(nextTurn);
    } else if (now - turnStart >= budgetMs) {
      setImmediate(run, job);
      return;
    }
    job();
  }
  // Node runs each immediate's promise jobs before the next immediate: a job that PGlite answers
  // has finished when the next one asks for the time.
  return (job) => void setImmediate(run, job);
}
