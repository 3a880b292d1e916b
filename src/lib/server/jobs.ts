/**
 * Background jobs of the running server (the order sweeper). A job starts once the server
 * listens: the HTTP server (`http/serve.ts`) calls `serverListening`, and a job registered later (its module is
 * imported with the middleware, which Astro loads lazily) starts at once. Under tests nothing
 * listens, so no job runs.
 */
interface Jobs {
  listening: boolean;
  started: Set<string>;
  pending: Map<string, () => void>;
}

const jobs: Jobs = { listening: false, started: new Set(), pending: new Map() };

function start(name: string, run: () => void): void {
  if (jobs.started.has(name)) return;
  jobs.started.add(name);
  run();
}

/** Starts `run` once per process, as soon as the server listens. */
export function registerJob(name: string, run: () => void): void {
  if (jobs.listening) start(name, run);
  else jobs.pending.set(name, run);
}

/** The server listens: starts every job registered so far, and any registered later. */
export function serverListening(): void {
  jobs.listening = true;
  for (const [name, run] of jobs.pending) start(name, run);
  jobs.pending.clear();
}
