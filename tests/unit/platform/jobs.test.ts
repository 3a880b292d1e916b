/** Background jobs start once the server listens, once per process, whether registered before or after. */
import { afterEach, describe, expect, it, vi } from 'vitest';

const JOBS = Symbol.for('impulsa.jobs');

/** A fresh copy of the module with fresh state, as a new process would have. */
async function freshJobs() {
  delete (globalThis as Record<symbol, unknown>)[JOBS];
  vi.resetModules();
  return import('@/lib/server/jobs');
}

afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[JOBS];
});

describe('server jobs', () => {
  it('a job registered before the server listens starts when it listens, not before', async () => {
    const { registerJob, serverListening } = await freshJobs();
    const run = vi.fn();
    registerJob('sweeper', run);
    expect(run).not.toHaveBeenCalled();
    serverListening();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a job registered after the server listens (a lazily imported module) starts at once', async () => {
    const { registerJob, serverListening } = await freshJobs();
    serverListening();
    const run = vi.fn();
    registerJob('sweeper', run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('starts each job once per process, even from two copies of the module (serve.mjs and the bundle)', async () => {
    const first = await freshJobs();
    vi.resetModules();
    const second = await import('@/lib/server/jobs');
    expect(second).not.toBe(first);
    const run = vi.fn();
    first.registerJob('sweeper', run);
    second.registerJob('sweeper', run);
    second.serverListening();
    first.serverListening();
    first.registerJob('sweeper', run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('nothing runs where nothing listens (tests, scripts)', async () => {
    const { registerJob } = await freshJobs();
    const run = vi.fn();
    registerJob('sweeper', run);
    expect(run).not.toHaveBeenCalled();
  });
});
