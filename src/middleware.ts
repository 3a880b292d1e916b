/**
 * Every request passes here (DESIGN.md §3): security headers on the way out, JSON errors
 * for the API, then which site the host belongs to.
 */
import { sequence } from 'astro:middleware';
import { apiErrors } from './lib/server/middleware/api-errors.ts';
import { resolveHost } from './lib/server/middleware/resolve-host.ts';
import { securityHeaders } from './lib/server/middleware/security-headers.ts';

export const onRequest = sequence(securityHeaders, apiErrors, resolveHost);
