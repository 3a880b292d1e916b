/**
 * What `scripts/serve.mjs` (and `seed-catalogue.mjs`) take from the app: the build emits this file as
 * `dist/server/runtime.mjs` next to Astro's `entry.mjs`, sharing its chunks, so the HTTP server
 * and the pages use the same modules: one database handle, one page cache, one job list.
 */
// The middleware and the modules it imports load with the server, not on the first request.
import '@/middleware';

export { listenAddress } from '@/lib/server/config';
export { dataDir, databaseUrl, trustProxy } from '@/lib/server/config';
export { closeDatabase, getDatabase, openDatabase } from '@/lib/server/db/client';
export { containDriverFaults } from '@/lib/server/db/driver-faults';
export { isConnectionError } from '@/lib/server/db/errors';
export { DataDirLockedError } from '@/lib/server/db/lock';
export { APP_CSP, SECURITY_HEADERS } from '@/lib/server/http/csp';
export { acceptedEncoding, compressibleType, ENCODING_SUFFIX } from '@/lib/server/http/encoding';
export { turnQueue } from '@/lib/server/http/turn-queue';
export { serverListening } from '@/lib/server/jobs';
export { log } from '@/lib/server/log';
export { startMemoryRelease } from '@/lib/server/memory';
export { pageCache } from '@/lib/server/cache/page-cache';
export { privateAnswers } from '@/lib/server/private-answers';
export { writeVisits } from '@/lib/figures/visit-buffer.server';
export { addStaff } from '@/lib/backoffice/staff.server';
export { stopJobWorker } from '@/lib/jobs.server';
export { jobCounts, listJobs, retryJob } from '@/lib/server/queue/queue';
