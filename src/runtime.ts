/**
 * What `scripts/serve.mjs` (and the other scripts) take from the app: the build emits this file as
 * `dist/server/runtime.mjs` next to Astro's `entry.mjs`, sharing its chunks, so the HTTP server
 * and the pages use the same modules: one database handle, one page cache, one job list.
 */
// The middleware and the modules it imports load with the server, not on the first request.
import '@/middleware';
import { writeVisits } from '@/lib/figures/visit-buffer.server';
import { stopJobWorker } from '@/lib/jobs.server';
import { serve } from '@/lib/server/http/serve';

/** Serves the build: Astro's `entry` for what is not answered from memory or `clientDir`. */
export function start(paths: { entry: URL; clientDir: string }): Promise<void> {
  return serve({ ...paths, beforeClose: [stopJobWorker, writeVisits] });
}

export { sql } from 'drizzle-orm';
export { dataDir, databaseUrl } from '@/lib/server/config';
export { openDatabase } from '@/lib/server/db/client';
export { DataDirLockedError } from '@/lib/server/db/lock';
export { containDriverFaults } from '@/lib/server/db/driver-faults';
export { addStaff } from '@/lib/backoffice/staff.server';
export { jobCounts, listJobs, retryJob } from '@/lib/server/queue/queue';
