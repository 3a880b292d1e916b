/**
 * A courier adapter's unit test against its local peer: the peer started once for the file, the
 * adapter imported afresh with the peer's URL in its environment variable (config reads it at
 * import), and the error classes as that fresh import throws them.
 */
import { afterAll, beforeAll, vi } from 'vitest';

export function useCourierPeer<P extends { url: string; close(): Promise<void> }, A>(
  env: string,
  start: () => Promise<P>,
  load: () => Promise<A>,
) {
  const ctx = {} as { peer: P; adapter: A; errors: typeof import('@/lib/shipping/provider') };
  beforeAll(async () => {
    ctx.peer = await start();
    process.env[env] = ctx.peer.url;
    vi.resetModules();
    ctx.adapter = await load();
    ctx.errors = await import('@/lib/shipping/provider');
  });
  afterAll(async () => {
    delete process.env[env];
    await ctx.peer.close();
  });
  return ctx;
}
