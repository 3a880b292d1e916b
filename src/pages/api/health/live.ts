import type { APIRoute } from 'astro';
import { json } from '@/lib/server/http/json';

/**
 * `GET /api/health/live/`: the process answers, whatever the database does. What a proxy checks
 * to keep an instance in rotation: during a database outage each instance still answers its own
 * fast 503, where taking both out would leave the proxy waiting for one.
 */
export const GET: APIRoute = () => json({ status: 'ok' });
