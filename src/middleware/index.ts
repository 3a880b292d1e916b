/**
 * Every request passes here (docs/design.md §3), inside Astro's route cache
 * (`server/cache/provider.ts`): signed-in answers kept as they leave, security headers on the way
 * out, a NUL in the query refused, JSON errors for the API, which site the host belongs to, who
 * is asking, whether a cross-origin write is allowed, the referral partner, the route guard, and
 * what a shop's member may reach (`team-guard.ts`).
 */
import { sequence } from 'astro:middleware';
import { apiErrors } from '@/middleware/api-errors';
import { authenticate } from '@/middleware/authenticate';
import { captureReferral } from '@/middleware/capture-referral';
import { guard } from '@/middleware/guard';
import { teamGuard } from '@/middleware/team-guard';
import { keepPrivateAnswers } from '@/lib/server/private-answers';
import { originCheck } from '@/middleware/origin-check';
import { rejectMalformed } from '@/middleware/reject-malformed';
import { resolveHost } from '@/middleware/resolve-host';
import { securityHeaders } from '@/middleware/security-headers';
// Registers the job queue's worker, which starts once the server listens (src/lib/jobs.server.ts).
import '@/lib/jobs.server';
import { wireFeatures } from '@/middleware/wiring';

// src/runtime.ts loads this file at start, so the infrastructure knows the features before a request.
wireFeatures();

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
  teamGuard,
);
