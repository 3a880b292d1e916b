import type { APIRoute } from 'astro';
import { z } from '@/lib/zod';
import { MAX_ID } from '@/lib/ids';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { businessTypeOr400 } from '@/lib/formation/business-type.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { deleteDraft, getDraft, saveDraft } from '@/lib/formation/companies.server';

const saveSchema = z.object({
  data: z.record(z.string(), z.unknown(), { error: 'El borrador debe ser un objeto.' }),
  version: z.number().int().min(0).max(MAX_ID).nullable(),
  edited_at: z.iso.datetime({ error: 'Fecha de edición inválida.' }),
});

/** `GET /api/companies/drafts/{type}/` → {data, version, edited_at} or {data: null}. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const draft = await getDraft(await getDb(), user.id, businessTypeOr400(params.type));
  return json(draft ?? { data: null, version: null, edited_at: null });
};

/** `PUT …` {data, version (the one it started from), edited_at} → the saved draft; 409 if it changed meanwhile. */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const type = businessTypeOr400(params.type);
  const input = await readBody(request, saveSchema);
  const db = await getDb();
  return json(
    await saveDraft(db, user.id, type, {
      data: input.data,
      baseVersion: input.version,
      editedAt: new Date(input.edited_at),
    }),
  );
};

/** `DELETE …` forgets the synced draft. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  await deleteDraft(await getDb(), user.id, businessTypeOr400(params.type));
  return json({ detail: 'Borrador eliminado.' });
};

export const ALL = methodNotAllowed('GET', 'PUT', 'DELETE');
