/**
 * Which shared servers an API file's claims run on. PGlite is PostgreSQL compiled to WebAssembly:
 * plain SQL behaves alike on both, so most claims run on one engine — PostgreSQL when the run has
 * it (CI), else PGlite. Claims that depend on the engine itself (concurrency and locks, the queue,
 * the cache bus, what each driver does with bad input) run on both (`bothEngines`).
 * `ALL_ENGINES=1` runs every claim on both (docs/decisions/2026-11-28-claims-by-engine.md).
 */
import { inject } from 'vitest';
import type { ServerInfo } from './global-setup';

export function claimServers(options: { bothEngines?: boolean } = {}): ServerInfo[] {
  const servers = inject('servers');
  if (options.bothEngines || process.env.ALL_ENGINES === '1') return servers;
  const postgres = servers.filter((s) => s.kind === 'postgres');
  return postgres.length ? postgres : servers;
}
