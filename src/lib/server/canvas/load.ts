/** Loads a canvas for a page: the signed-in owner's, or null (the page then renders 404). */
import { getDb } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { getCanvas, type CanvasView } from '../services/canvases.ts';

export async function loadOwnedCanvas(userId: number, id: string | undefined): Promise<CanvasView | null> {
  if (!id || !/^[1-9]\d{0,9}$/.test(id)) return null;
  try {
    return await getCanvas(await getDb(), userId, Number(id));
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

