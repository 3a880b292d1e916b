/**
 * The classic canvas layout: five columns on top — socios clave | actividades over recursos |
 * propuesta de valor | relación over canales | segmentos — and costos | ingresos below.
 * Positions are in a 10 × 3 grid (columns, rows), shared by the page and the PDF.
 */
import type { SectionSlug } from '@/lib/canvas/sections';

export interface Cell {
  col: number;
  row: number;
  cols: number;
  rows: number;
}

export const CANVAS_GRID = { cols: 10, rows: 3 } as const;

export const CANVAS_CELLS: Record<SectionSlug, Cell> = {
  'socios-clave': { col: 0, row: 0, cols: 2, rows: 2 },
  'actividades-clave': { col: 2, row: 0, cols: 2, rows: 1 },
  'recursos-clave': { col: 2, row: 1, cols: 2, rows: 1 },
  'propuesta-de-valor': { col: 4, row: 0, cols: 2, rows: 2 },
  'relacion-con-clientes': { col: 6, row: 0, cols: 2, rows: 1 },
  canales: { col: 6, row: 1, cols: 2, rows: 1 },
  'segmento-de-clientes': { col: 8, row: 0, cols: 2, rows: 2 },
  'estructura-de-costos': { col: 0, row: 2, cols: 5, rows: 1 },
  'flujo-de-ingresos': { col: 5, row: 2, cols: 5, rows: 1 },
};

/** Reading order of the blocks on the page (also the order they stack on a phone). */
export const LAYOUT_ORDER: SectionSlug[] = [
  'socios-clave',
  'actividades-clave',
  'recursos-clave',
  'propuesta-de-valor',
  'relacion-con-clientes',
  'canales',
  'segmento-de-clientes',
  'estructura-de-costos',
  'flujo-de-ingresos',
];

/** Licence attribution the canvas requires. */
export const CANVAS_ATTRIBUTION =
  'The Business Model Canvas, de Strategyzer AG (strategyzer.com), bajo licencia CC BY-SA 3.0.';
