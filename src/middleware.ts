/**
 * Every request passes here (docs/design.md §3), inside Astro's route cache
 * (`server/cache/provider.ts`): signed-in answers kept as they leave, security headers on the way
 * out, a NUL in the query refused, JSON errors for the API, which site the host belongs to, who
 * is asking, whether a cross-origin write is allowed, the referral partner, the route guard.
 */
import { sequence } from 'astro:middleware';
import { apiErrors } from '@/lib/server/middleware/api-errors';
import { authenticate } from '@/lib/server/middleware/authenticate';
import { captureReferral } from '@/lib/server/middleware/capture-referral';
import { guard } from '@/lib/server/middleware/guard';
import { keepPrivateAnswers } from '@/lib/server/private-answers';
import { originCheck } from '@/lib/server/middleware/origin-check';
import { rejectMalformed } from '@/lib/server/middleware/reject-malformed';
import { resolveHost } from '@/lib/server/middleware/resolve-host';
import { securityHeaders } from '@/lib/server/middleware/security-headers';
// Registers the job queue's worker, which starts once the server listens (src/lib/jobs.server.ts).
import '@/lib/jobs.server';

export const onRequest = sequence(
  keepPrivateAnswers,
  securityHeaders,
  rejectMalformed,
  apiErrors,
  resolveHost,
  authenticate,
  originCheck,
  captureReferral,
  guard,
);
