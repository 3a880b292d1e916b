import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { canvasPdf } from '@/lib/canvas/pdf.server';
import { requireUser } from '@/lib/server/http/auth';
import { methodNotAllowed } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';
import { getCanvas } from '@/lib/canvas/canvases.server';

const fileName = (title: string) =>
  title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'canvas';

/** `GET /api/canvases/{id}/pdf/` → the canvas as a one-page landscape PDF (download). */
export const GET: APIRoute = async ({ locals, params }) => {
  const canvas = await getCanvas(
    await getDb(),
    requireUser(locals).id,
    idParam(params.id, 'No encontramos ese canvas.'),
  );
  const bytes = await canvasPdf(canvas);
  return new Response(bytes as BodyInit, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="canvas-${fileName(canvas.title)}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
};

export const ALL = methodNotAllowed('GET');
