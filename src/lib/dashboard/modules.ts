/** The product's modules as the dashboard shows them, in journey order. */
import type { ModuleKey } from '../progress.ts';

export interface ModuleCard {
  key: ModuleKey;
  title: string;
  href: string;
  description: string;
  cta: { start: string; resume: string };
  /** False for modules not released yet: shown as coming soon, without a link. */
  available: boolean;
}

export const MODULE_CARDS: readonly ModuleCard[] = [
  { key: 'canvas', title: 'Modelo de negocio', href: '/canvas', description: 'Ordena tu idea en los nueve bloques del canvas, con ejemplos y una revisión.', cta: { start: 'Crear mi canvas', resume: 'Seguir con mi canvas' }, available: true },
  { key: 'formalizacion', title: 'Formación de empresa', href: '/modelo-de-negocio', description: 'Constituye tu SpA, EIRL o Ltda con una guía que revisa cada dato.', cta: { start: 'Constituir mi empresa', resume: 'Seguir con mi empresa' }, available: true },
  { key: 'productos', title: 'Productos', href: '/productos', description: 'Carga tu catálogo y comparte una página de venta para cada producto.', cta: { start: 'Agregar productos', resume: 'Ver mis productos' }, available: false },
  { key: 'sitio', title: 'Sitio web', href: '/page-builder', description: 'Arma tu sitio con bloques y publícalo con tu propio dominio.', cta: { start: 'Crear mi sitio', resume: 'Editar mi sitio' }, available: false },
  { key: 'lecciones', title: 'Lecciones', href: '/videos', description: 'Videos cortos para cada etapa de tu emprendimiento.', cta: { start: 'Ver lecciones', resume: 'Seguir aprendiendo' }, available: false },
];
