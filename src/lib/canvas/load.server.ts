/** Loads a canvas for a page: the signed-in owner's, or null (the page then renders 404). */
import { getCanvas, type CanvasView } from '@/lib/canvas/canvases.server';
import { parseId } from '@/lib/ids';
import { getDb } from '@/lib/server/db/client';
import { nullIfNotFound } from '@/lib/server/http/errors';

export async function loadOwnedCanvas(
  userId: number,
  id: string | undefined,
): Promise<CanvasView | null> {
  const canvasId = parseId(id);
  return canvasId === null ? null : nullIfNotFound(getCanvas(await getDb(), userId, canvasId));
}
