/**
 * The nine blocks of the business model canvas (docs/spec.md §2 slugs), in the order people fill
 * them (segments first, costs last), with plain-Spanish guidance and Chilean examples.
 */
import { prose } from '@/lib/prose';
/** The nine canvas sections (docs/spec.md §2 route slugs). */
export const CANVAS_SECTIONS = [
  'canales',
  'socios-clave',
  'recursos-clave',
  'actividades-clave',
  'flujo-de-ingresos',
  'propuesta-de-valor',
  'estructura-de-costos',
  'segmento-de-clientes',
  'relacion-con-clientes',
] as const;
export type SectionSlug = (typeof CANVAS_SECTIONS)[number];

/** Recommended filling order. */
export const SECTION_ORDER: readonly SectionSlug[] = [
  'segmento-de-clientes',
  'propuesta-de-valor',
  'canales',
  'relacion-con-clientes',
  'flujo-de-ingresos',
  'recursos-clave',
  'actividades-clave',
  'socios-clave',
  'estructura-de-costos',
];

export interface SectionGuide {
  title: string;
  /** What the block means, in one or two plain sentences. */
  meaning: string;
  questions: string[];
  examples: { business: string; text: string }[];
  placeholder: string;
}

export const SECTION_GUIDES: Record<SectionSlug, SectionGuide> = {
  'segmento-de-clientes': {
    title: 'Segmentos de clientes',
    meaning: prose`Las personas u organizaciones para las que creas valor. Sin clientes no hay negocio:
        define a quiénes les vendes y qué los distingue.`,
    questions: [
      '¿Para quién creamos valor?',
      '¿Quiénes son nuestros clientes más importantes?',
      '¿Qué tienen en común? ¿Dónde viven, cuánto pueden pagar?',
    ],
    examples: [
      {
        business: 'Panadería de barrio en Ñuñoa',
        text: 'Familias del barrio que compran pan todos los días; cafeterías cercanas que compran al por mayor.',
      },
      {
        business: 'Tienda online de artesanía mapuche',
        text: 'Turistas extranjeros que buscan regalos auténticos; chilenos en el extranjero.',
      },
      {
        business: 'Delivery de verduras en Valparaíso',
        text: 'Adultos mayores de los cerros que no pueden bajar al plan a comprar.',
      },
    ],
    placeholder: 'Ej.: Familias jóvenes de la comuna que trabajan fuera de casa',
  },
  'propuesta-de-valor': {
    title: 'Propuesta de valor',
    meaning:
      'Por qué un cliente te elige a ti y no a otro: el problema que le resuelves o la necesidad que satisfaces.',
    questions: [
      '¿Qué problema le resolvemos a cada segmento?',
      '¿Qué nos hace distintos?',
      '¿Qué le ahorramos al cliente: tiempo, plata, preocupaciones?',
    ],
    examples: [
      {
        business: 'Panadería de barrio en Ñuñoa',
        text: 'Pan de masa madre recién horneado a las 7:00, a dos cuadras de tu casa.',
      },
      {
        business: 'Delivery de verduras en Valparaíso',
        text: 'Verduras de la feria en la puerta de tu casa, con pedido por WhatsApp.',
      },
    ],
    placeholder: 'Ej.: Pan recién horneado antes de que salgas al trabajo',
  },
  canales: {
    title: 'Canales',
    meaning:
      'Cómo llegas a tus clientes para comunicarles, venderles y entregarles tu propuesta de valor.',
    questions: [
      '¿Cómo nos conocen nuestros clientes?',
      '¿Dónde compran y cómo reciben lo que venden?',
      '¿Qué canal funciona mejor y cuál es más barato?',
    ],
    examples: [
      {
        business: 'Tienda online de artesanía mapuche',
        text: 'Instagram, tienda online con despacho por Chilexpress y ferias de artesanía.',
      },
      {
        business: 'Panadería de barrio en Ñuñoa',
        text: 'El local, un grupo de WhatsApp del barrio y reparto en bicicleta.',
      },
    ],
    placeholder: 'Ej.: Instagram y venta por WhatsApp con despacho a domicilio',
  },
  'relacion-con-clientes': {
    title: 'Relación con clientes',
    meaning: prose`El tipo de relación que estableces con cada segmento: personal, automatizada, comunidad…
        y cómo consigues que vuelvan.`,
    questions: [
      '¿Qué relación espera cada segmento?',
      '¿Cómo conseguimos que nos vuelvan a comprar?',
      '¿Cómo los atendemos después de la venta?',
    ],
    examples: [
      {
        business: 'Panadería de barrio en Ñuñoa',
        text: 'Trato cercano en el mostrador y tarjeta de fidelidad: el décimo kilo de pan es gratis.',
      },
      {
        business: 'Delivery de verduras en Valparaíso',
        text: 'Atención personal por WhatsApp y pedido semanal programado.',
      },
    ],
    placeholder: 'Ej.: Atención personal por WhatsApp y descuentos para clientes frecuentes',
  },
  'flujo-de-ingresos': {
    title: 'Fuentes de ingresos',
    meaning:
      'Cómo gana dinero tu negocio con cada segmento: qué paga el cliente, cuánto y de qué forma.',
    questions: [
      '¿Por qué están dispuestos a pagar nuestros clientes?',
      '¿Cómo pagan: efectivo, transferencia, tarjeta, suscripción?',
      '¿Cuánto aporta cada fuente al total?',
    ],
    examples: [
      {
        business: 'Panadería de barrio en Ñuñoa',
        text: 'Venta por kilo en el local; pedidos mayoristas con pago a 30 días.',
      },
      {
        business: 'Tienda online de artesanía mapuche',
        text: 'Venta directa con pago con tarjeta o transferencia; pedidos corporativos para regalos de fin de año.',
      },
    ],
    placeholder: 'Ej.: Venta por unidad con pago con tarjeta o transferencia',
  },
  'recursos-clave': {
    title: 'Recursos clave',
    meaning:
      'Lo que necesitas tener para que el negocio funcione: físico, humano, intelectual o financiero.',
    questions: [
      '¿Qué recursos exige nuestra propuesta de valor?',
      '¿Y nuestros canales y relaciones con clientes?',
      '¿Qué no podemos dejar de tener?',
    ],
    examples: [
      {
        business: 'Panadería de barrio en Ñuñoa',
        text: 'Horno industrial, un maestro panadero y el local con patente.',
      },
      {
        business: 'Tienda online de artesanía mapuche',
        text: 'Relación con las artesanas, fotografías de calidad y la tienda online.',
      },
    ],
    placeholder: 'Ej.: Horno industrial y un maestro panadero con experiencia',
  },
  'actividades-clave': {
    title: 'Actividades clave',
    meaning:
      'Lo más importante que tu negocio debe hacer bien, todos los días, para cumplir su propuesta de valor.',
    questions: [
      '¿Qué actividades exige nuestra propuesta de valor?',
      '¿Qué hacemos todos los días para vender y entregar?',
      '¿Qué no podemos delegar?',
    ],
    examples: [
      {
        business: 'Panadería de barrio en Ñuñoa',
        text: 'Hornear de madrugada, comprar harina a buen precio y mantener la calidad.',
      },
      {
        business: 'Delivery de verduras en Valparaíso',
        text: 'Comprar en la feria temprano, armar pedidos y repartir.',
      },
    ],
    placeholder: 'Ej.: Producir cada madrugada y mantener la calidad',
  },
  'socios-clave': {
    title: 'Socios clave',
    meaning:
      'Los proveedores y aliados sin los cuales tu negocio no funcionaría o sería mucho más caro.',
    questions: [
      '¿Quiénes son nuestros proveedores clave?',
      '¿Qué recursos o actividades obtenemos de aliados?',
      '¿Con quién podríamos aliarnos para llegar a más clientes?',
    ],
    examples: [
      {
        business: 'Panadería de barrio en Ñuñoa',
        text: 'Molino que nos vende harina; cafeterías del barrio que revenden nuestro pan.',
      },
      {
        business: 'Tienda online de artesanía mapuche',
        text: 'Cooperativa de artesanas de Temuco; empresa de despacho.',
      },
    ],
    placeholder: 'Ej.: Molino que nos vende harina a precio mayorista',
  },
  'estructura-de-costos': {
    title: 'Estructura de costos',
    meaning:
      'Todo lo que cuesta operar tu modelo de negocio: los costos más importantes y cuáles son fijos o variables.',
    questions: [
      '¿Cuáles son los costos más importantes del negocio?',
      '¿Qué recursos y actividades clave son los más caros?',
      '¿Qué costos son fijos cada mes y cuáles dependen de cuánto vendemos?',
    ],
    examples: [
      {
        business: 'Panadería de barrio en Ñuñoa',
        text: 'Arriendo del local, sueldo del panadero, harina, gas y electricidad.',
      },
      {
        business: 'Delivery de verduras en Valparaíso',
        text: 'Compra de verduras, bencina de la moto y comisión de la pasarela de pago.',
      },
    ],
    placeholder: 'Ej.: Arriendo del local y sueldo del panadero',
  },
};

export function isSection(value: string | undefined): value is SectionSlug {
  return typeof value === 'string' && (CANVAS_SECTIONS as readonly string[]).includes(value);
}

/** The section after/before `slug` in the recommended order, or null at the ends. */
export function neighbours(slug: SectionSlug): {
  previous: SectionSlug | null;
  next: SectionSlug | null;
} {
  const i = SECTION_ORDER.indexOf(slug);
  return { previous: SECTION_ORDER[i - 1] ?? null, next: SECTION_ORDER[i + 1] ?? null };
}

export function sectionPath(canvasId: number, slug: SectionSlug): string {
  return `/canvas/${canvasId}/seccion/${slug}`;
}
