/**
 * The stages of Impulsa's path, in order: what the dashboard's card marks done, current or
 * ahead. Its own module, with nothing to import, so the card's island ships only this.
 */
export const STAGES = [
  { key: 'idea', label: 'Idea' },
  { key: 'canvas', label: 'Canvas' },
  { key: 'empresa', label: 'Empresa' },
  { key: 'sitio', label: 'Sitio' },
  { key: 'primera-venta', label: 'Primera venta' },
  { key: 'ventas-recurrentes', label: 'Ventas recurrentes' },
] as const;
export type Stage = (typeof STAGES)[number]['key'];
