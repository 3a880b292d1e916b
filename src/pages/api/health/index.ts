import type { APIRoute } from 'astro';
import { getDatabase, pingDatabase } from '@/lib/server/db/client';
import { jsonError } from '@/lib/server/http/errors';
import { json } from '@/lib/server/http/json';

/** `GET /api/health/`: the app answers and its database responds. */
export const GET: APIRoute = async () => {
  try {
    const handle = await getDatabase();
    // A check that failed a moment ago stands (a fast 503); otherwise the database is asked.
    await handle.ensureReachable();
    await pingDatabase(handle);
    return json({ status: 'ok', database: handle.kind });
  } catch {
    return jsonError(503, 'La base de datos no está disponible en este momento.', {
      headers: { 'Retry-After': '5' },
    });
  }
};
