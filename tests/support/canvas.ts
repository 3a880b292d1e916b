/** A canvas filled through the API, as the tests that start from one need it. */
import { CANVAS_SECTIONS } from '@/lib/canvas/sections';
import { ApiClient } from './http';

/** The notes of a baker's canvas, by block. */
export const BAKERY_CANVAS: Record<string, string[]> = {
  'segmento-de-clientes': ['Familias de Ñuñoa', 'Cafeterías del barrio'],
  'propuesta-de-valor': ['Pan de masa madre horneado cada mañana'],
  canales: ['Instagram', 'Feria de los sábados'],
  'actividades-clave': ['Hornear de madrugada'],
  'flujo-de-ingresos': [
    'Pan amasado $2.500 el kilo',
    'Torta de mil hojas: $18.990',
    'Pedidos por mayor',
  ],
};

/** A note in every one of the nine blocks: a finished canvas (the baker's where it has them). */
export const FINISHED_CANVAS: Record<string, string[]> = Object.fromEntries(
  CANVAS_SECTIONS.map((section) => [section, BAKERY_CANVAS[section] ?? ['Una nota']]),
);

/** Creates a canvas with `notes` per block; returns its id. */
export async function filledCanvas(
  api: ApiClient,
  token: string,
  title: string,
  notes: Record<string, string[]> = BAKERY_CANVAS,
): Promise<number> {
  const { id } = (await api.post('/api/canvases/', { title }, { token })).body;
  let n = 0;
  for (const [section, texts] of Object.entries(notes)) {
    const saved = await api.put(
      `/api/canvases/${id}/sections/${section}/`,
      {
        notes: texts.map((text) => ({
          id: `nota${String(++n).padStart(4, '0')}`,
          text,
          color: 'amarillo',
          segmentIds: [],
        })),
        version: 0,
      },
      { token },
    );
    if (saved.status !== 200) throw new Error(`notes not saved: ${JSON.stringify(saved.body)}`);
  }
  return id;
}
