/**
 * The page editor's fixed parts: Puck's interface in Spanish (every string of its dictionary),
 * the preview sizes, and how a ProductGrid picks from the catalogue in the canvas (the same rule
 * as the published page: newest published first, of the category when one is chosen).
 */
import type { BlockProduct } from '@/lib/sites/block-data';

/** Puck's dictionary (0.23), in Spanish (Chile). */
export const PUCK_DICTIONARY: Record<string, string> = {
  'header-publish': 'Publicar',
  'header-undo': 'Deshacer',
  'header-redo': 'Rehacer',
  'header-toggle-leftsidebar': 'Mostrar u ocultar los bloques',
  'header-toggle-rightsidebar': 'Mostrar u ocultar las propiedades',
  'header-toggle-menubar': 'Mostrar u ocultar el menú',
  'action-selectparent': 'Seleccionar el bloque que lo contiene',
  'action-duplicate': 'Duplicar',
  'action-delete': 'Eliminar',
  'label-page': 'Página',
  'label-component': 'Bloque',
  'outline-empty': 'Sin bloques',
  'outline-item-collapse': 'Contraer',
  'outline-item-expand': 'Expandir',
  'outline-header-title': 'Estructura',
  'outline-header-collapseall': 'Contraer todo',
  'outline-item-duplicate': 'Duplicar',
  'outline-item-delete': 'Eliminar',
  'drawer-category-collapse': 'Contraer {title}',
  'drawer-category-expand': 'Expandir {title}',
  'drawer-category-other': 'Otros',
  'canvas-noconfig': 'No hay configuración para {type}',
  'field-readonly': 'Solo lectura',
  'field-arrayitem-summary': 'Elemento n.º {index}',
  'field-arrayitem-duplicate': 'Duplicar',
  'field-arrayitem-delete': 'Eliminar',
  'field-external-selectdata': 'Elegir',
  'field-external-search': 'Buscar',
  'field-external-togglefilters': 'Mostrar u ocultar filtros',
  'field-external-item': 'Elemento',
  'field-external-result-singular': '{count} resultado',
  'field-external-result-plural': '{count} resultados',
  'field-richtext-bold': 'Negrita',
  'field-richtext-italic': 'Cursiva',
  'field-richtext-underline': 'Subrayado',
  'field-richtext-strikethrough': 'Tachado',
  'field-richtext-blockquote': 'Cita',
  'field-richtext-code-inline': 'Código',
  'field-richtext-code-block': 'Bloque de código',
  'field-richtext-list-bullet': 'Lista con viñetas',
  'field-richtext-list-ordered': 'Lista numerada',
  'field-richtext-horizontalrule': 'Línea horizontal',
  'field-richtext-align-left': 'Alinear a la izquierda',
  'field-richtext-align-center': 'Centrar',
  'field-richtext-align-right': 'Alinear a la derecha',
  'field-richtext-align-justify': 'Justificar',
  'field-richtext-select': 'Elegir',
  'field-richtext-headingselect-1': 'Título 1',
  'field-richtext-headingselect-2': 'Título 2',
  'field-richtext-headingselect-3': 'Título 3',
  'field-richtext-headingselect-4': 'Título 4',
  'field-richtext-headingselect-5': 'Título 5',
  'field-richtext-headingselect-6': 'Título 6',
  'field-richtext-alignselect-left': 'Izquierda',
  'field-richtext-alignselect-center': 'Centro',
  'field-richtext-alignselect-right': 'Derecha',
  'field-richtext-alignselect-justify': 'Justificado',
  'field-richtext-listselect-bullet': 'Lista con viñetas',
  'field-richtext-listselect-ordered': 'Lista numerada',
  'viewport-zoom-in': 'Acercar',
  'viewport-zoom-out': 'Alejar',
  'viewport-zoom-auto': '{zoom} % (automático)',
  'viewport-toggle-menu': 'Mostrar u ocultar tamaños',
  'viewport-switch': 'Ver en {label}',
  'viewport-switch-default': 'Cambiar tamaño',
  'plugin-blocks': 'Bloques',
  'plugin-outline': 'Estructura',
  'plugin-fields': 'Propiedades',
  'plugin-components': 'Bloques',
  'layout-maximize': 'maximizar',
  'layout-minimize': 'minimizar',
  'loader-loading': 'cargando',
};

/** The preview sizes: a phone, a tablet and a desktop. */
export const EDITOR_VIEWPORTS = [
  { width: 360, height: 'auto', label: 'celular', icon: 'Smartphone' },
  { width: 768, height: 'auto', label: 'tablet', icon: 'Tablet' },
  { width: 1280, height: 'auto', label: 'escritorio', icon: 'Monitor' },
] as const;

/** A product of the seller's catalogue as the editor knows it. */
export interface CatalogueItem extends BlockProduct {
  id: number;
  category: number | null;
}

/** What a ProductGrid shows in the canvas: the catalogue arrives newest first, published only. */
export function gridProducts(
  catalogue: readonly CatalogueItem[],
  category: number | null,
  limit: number,
): BlockProduct[] {
  return catalogue.filter((p) => category === null || p.category === category).slice(0, limit);
}

/** Where the seller's unsaved edits of one page wait on this device. */
export const pageDraftKey = (userId: number, pageId: number) => `${userId}:${pageId}`;
