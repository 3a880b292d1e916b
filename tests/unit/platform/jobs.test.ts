/** Background jobs start once the server listens, once per process, whether registered before or after. */
import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module with fresh state, as a new process would have. */
async function freshJobs() {
  vi.resetModules();
  return import('@/lib/server/jobs');
}

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

  it('starts each job once, however often it is registered', async () => {
    const { registerJob, serverListening } = await freshJobs();
    const run = vi.fn();
    registerJob('sweeper', run);
    serverListening();
    registerJob('sweeper', run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('nothing runs where nothing listens (tests, scripts)', async () => {
    const { registerJob } = await freshJobs();
    const run = vi.fn();
    registerJob('sweeper', run);
    expect(run).not.toHaveBeenCalled();
  });
});
