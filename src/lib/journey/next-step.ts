/**
 * The seller's next best step along Impulsa's path (idea → canvas → empresa → sitio → primera
 * venta → ventas recurrentes), from what they have done, with one clear action. Orders waiting
 * for the seller come first at any stage. Pure: the dashboard reads it from its one statement.
 */
import { prose } from '@/lib/prose';
import type { ModuleProgress } from '@/lib/progress';
import { CUSTOMER_PATHS } from '@/lib/customers/urls';
import { FIGURE_PATHS } from '@/lib/figures/urls';
import { ORDER_PATHS } from '@/lib/orders/urls';
import { SELLER_PATHS } from '@/lib/shop/urls';
import { chileDay, formatDay } from '@/lib/dates';
import { taxStartDeadline, type TaxStartFacts } from '@/lib/formation/tax-start';
import type { SellsAs } from '@/lib/shop/legal-entity';
import type { Stage } from '@/lib/journey/stages';

/**
 * Whose tax start a step records in place: a constituted company's (not before `min`), or the
 * shop's persona natural's.
 */
export type TaxStartTarget =
  { kind: 'company'; company: number; min: string } | { kind: 'persona' };

export interface NextStep {
  stage: Stage;
  title: string;
  text: string;
  action: { label: string; href: string };
  /** A quieter second link, where the step has one worth knowing. */
  also?: { label: string; href: string };
  /** The step is a tax start: its day can be recorded right in the card. */
  taxStart?: TaxStartTarget;
}

/** What the next step is read from. */
export interface JourneyFacts {
  canvas: ModuleProgress;
  formation: ModuleProgress;
  catalogue: { total: number; published: number };
  site: ModuleProgress;
  /** Orders paid or placed and not cancelled. */
  sales: number;
  /** Orders waiting for the seller to move them. */
  toAttend: number;
  /** The shop says who sells (Ley 19.496); until then it takes no orders. */
  identified: boolean;
  /** Today in Chile (`YYYY-MM-DD`); the clock's when not given. */
  today?: string;
  /** The latest constituted company and its tax start; null before one is constituted. */
  taxStart: TaxStartFacts | null;
  /**
   * Who the shop says sells: a persona natural (the seller's own RUN) takes the track «Vende ya
   * como persona natural», skips forming a company and starts activities with that RUN; a company
   * or no one keep the company's track.
   */
  sellsAs?: SellsAs | null;
}

/**
 * The stages the seller has done, read from what she did and nothing else: the card's ticks. The
 * next step may point past a stage not done (orders to attend come first), and a tick goes only
 * when she undoes what made it (a site unpublished, a canvas emptied).
 */
export function stagesDone(facts: JourneyFacts): Stage[] {
  const done: Record<Stage, boolean> = {
    idea: facts.canvas.started,
    canvas: facts.canvas.finished,
    empresa:
      facts.formation.finished ||
      (facts.sellsAs?.as === 'persona' && Boolean(facts.sellsAs.startedOn)),
    sitio: facts.site.finished,
    'primera-venta': facts.sales > 0,
    // Selling again and again has no end to tick.
    'ventas-recurrentes': false,
  };
  return (Object.keys(done) as Stage[]).filter((stage) => done[stage]);
}

export function nextStep(facts: JourneyFacts): NextStep {
  const selling: Stage = facts.sales > 0 ? 'ventas-recurrentes' : 'primera-venta';
  if (facts.toAttend > 0)
    return {
      stage: selling,
      title:
        facts.toAttend === 1
          ? 'Tienes 1 orden por atender'
          : `Tienes ${facts.toAttend} órdenes por atender`,
      text: 'Confirma el pago, prepara el pedido y avísale a tu cliente: cada paso le llega por correo.',
      action: { label: 'Ver mis órdenes', href: ORDER_PATHS.list },
    };
  if (facts.catalogue.published > 0 && !facts.identified)
    return {
      stage: selling,
      title: 'Tu tienda todavía no recibe pedidos',
      text: 'La ley pide que tu tienda diga quién vende: completa tu nombre o razón social, RUT y domicilio.',
      action: { label: 'Indicar quién vende', href: `${SELLER_PATHS.products}#tienda` },
    };
  // A legal deadline: before any step the seller could take at their own pace.
  if (facts.taxStart && !facts.taxStart.startedOn) {
    const deadline = taxStartDeadline(facts.taxStart.constitutedOn);
    const late = deadline < (facts.today ?? chileDay());
    return {
      stage: 'empresa',
      title: 'Inicia actividades en el SII',
      text:
        (late
          ? `El plazo era el ${formatDay(deadline)}: hazlo cuanto antes.`
          : `Tu empresa está constituida: tienes hasta el ${formatDay(deadline)} para declararlo en el SII.`) +
        ' Sin ese paso no puedes emitir boletas, y Webpay, Flow y Mercado Pago te lo pedirán para cobrar.',
      action: {
        label: 'Ver qué necesitas',
        href: `/dashboard/formalizacion/${facts.taxStart.company}#inicio-actividades`,
      },
      taxStart: {
        kind: 'company',
        company: facts.taxStart.company,
        min: facts.taxStart.constitutedOn,
      },
    };
  }
  if (!facts.canvas.started)
    return {
      stage: 'idea',
      title: 'Ordena tu idea',
      text: prose`Escribe tu modelo de negocio en los nueve bloques del canvas: a quién le vendes,
  qué le ofreces y cómo ganas dinero.`,
      action: { label: 'Crear mi canvas', href: '/canvas' },
    };
  if (!facts.canvas.finished)
    return {
      stage: 'canvas',
      title: 'Completa tu modelo de negocio',
      text: 'A tu canvas le faltan bloques. Completo, te ayuda a decidir precios, canales y qué vender primero.',
      action: { label: 'Seguir con mi canvas', href: '/canvas' },
    };
  // Selling with their own RUN: the company's step is their own tax start.
  if (facts.sellsAs?.as === 'persona' && !facts.sellsAs.startedOn)
    return {
      stage: 'empresa',
      title: 'Inicia actividades en el SII',
      text: prose`Vendes con tu propio RUT: declara en el SII que empezaste tu negocio. Se hace en
  línea y sin costo. Sin ese paso no puedes emitir boletas, y Webpay, Flow y Mercado Pago te lo
  pedirán para cobrar.`,
      action: { label: 'Ver qué necesitas', href: SELLER_PATHS.taxStart },
      taxStart: { kind: 'persona' },
    };
  // Two tracks to a first sale: a company, or selling now as a persona natural (own RUT and
  // inicio de actividades), which skips this step; the company can come later.
  if (!facts.formation.finished && facts.sellsAs?.as !== 'persona')
    return {
      stage: 'empresa',
      title: facts.formation.started ? 'Constituye tu empresa' : 'Elige cómo vas a vender',
      text: facts.formation.started
        ? 'Con tu empresa formada puedes emitir boletas y facturas y abrir una cuenta para tu negocio.'
        : prose`Constituye tu empresa (SpA, EIRL o Ltda.) o vende ya como persona natural, con tu
  propio RUT e inicio de actividades en el SII. Puedes formar la empresa más adelante.`,
      action: {
        label: facts.formation.started ? 'Seguir con mi empresa' : 'Constituye tu empresa',
        href: facts.formation.href ?? '/modelo-de-negocio',
      },
      ...(!facts.formation.started && {
        also: { label: 'Vende ya como persona natural', href: `${SELLER_PATHS.products}#tienda` },
      }),
    };
  if (facts.catalogue.published === 0)
    return {
      stage: 'sitio',
      title: 'Publica tu primer producto',
      text: 'Con foto, precio y stock: tendrás una página de venta lista para compartir.',
      action: { label: 'Agregar un producto', href: SELLER_PATHS.newProduct },
    };
  if (!facts.site.finished)
    return {
      stage: 'sitio',
      title: 'Publica tu sitio web',
      text: 'Tu tienda con tus productos, tu marca y tu propio dominio, en minutos y desde una plantilla.',
      action: {
        label: facts.site.started ? 'Terminar mi sitio' : 'Crear mi sitio',
        href: '/page-builder',
      },
    };
  if (facts.sales === 0)
    return {
      stage: 'primera-venta',
      title: 'Consigue tu primera venta',
      text: prose`Comparte tu sitio por WhatsApp y redes sociales. Un código de lanzamiento ayuda a
  que te compren la primera vez.`,
      action: { label: 'Crear un código de lanzamiento', href: ORDER_PATHS.discounts },
    };
  return {
    stage: 'ventas-recurrentes',
    title: 'Haz que tus clientes vuelvan',
    text: prose`Quien ya te compró es quien más fácil vuelve a comprar: envíale un código de
  descuento para su próxima compra.`,
    action: { label: 'Enviar un código a tus clientes', href: CUSTOMER_PATHS.list },
    also: { label: 'Ver qué se vende y qué se visita', href: FIGURE_PATHS.page },
  };
}
