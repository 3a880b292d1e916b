/**
 * A shop's legal pages: terms, privacy and returns, as Chile's consumer law (Ley 19.496, as
 * amended by Ley 21.398) expects a shop selling online to publish them. Each starts as a Spanish
 * template filled with the shop's details; the seller may rewrite it. Text with blank lines
 * between paragraphs and `## ` before a heading: nothing a seller writes becomes HTML. Pure.
 */
import { prose } from '@/lib/prose';
import { z } from '@/lib/zod';
import { MAX_ID } from '@/lib/ids';

export const LEGAL_KINDS = ['terminos', 'privacidad', 'devoluciones'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

export const LEGAL_TITLES: Record<LegalKind, string> = {
  terminos: 'Términos y condiciones',
  privacidad: 'Política de privacidad',
  devoluciones: 'Cambios y devoluciones',
};

export const LEGAL_MAX = 20_000;

/** The shop's details a template names. */
export interface LegalShop {
  name: string;
  /** The contact the seller typed ('' when none). */
  email: string;
  whatsapp: string | null;
}

/** How to reach the shop, from what the seller typed only (never her sign-in address). */
function contact(shop: LegalShop): string {
  if (shop.email && shop.whatsapp)
    return `escríbenos a ${shop.email} o por WhatsApp al ${shop.whatsapp}`;
  if (shop.email) return `escríbenos a ${shop.email}`;
  if (shop.whatsapp) return `escríbenos por WhatsApp al ${shop.whatsapp}`;
  return 'responde cualquiera de los correos de tu pedido';
}

/** The template a shop starts with. */
export function legalTemplate(kind: LegalKind, shop: LegalShop): string {
  switch (kind) {
    case 'terminos':
      return prose`Estos términos rigen las compras en ${shop.name}. Al confirmar un pedido aceptas
  estos términos, la política de privacidad y la de cambios y devoluciones de la tienda. Se aplica
  la Ley 19.496 sobre Protección de los Derechos de los Consumidores.

## Precios y pago
Los precios están en pesos chilenos e incluyen IVA. El precio que pagas es el que ves al confirmar
  tu pedido, con el costo de despacho de tu comuna. Puedes pagar con los medios que la tienda ofrece
  al confirmar; un pedido sin pagar se anula cuando vence la reserva de stock indicada en tu
  comprobante.

## Despacho y retiro
Despachamos a las zonas y en los plazos que se muestran al comprar, o puedes retirar tu pedido en
  nuestros puntos de retiro. Te avisamos por correo cuando tu pedido va en camino o está listo para
  retiro.

## Derecho a retracto
Por ser una compra a distancia, puedes retractarte dentro de 10 días desde que recibes el producto,
  según el artículo 3 bis de la Ley 19.496. Las condiciones están en nuestra política de cambios y
  devoluciones.

## Garantía legal
Si un producto falla o no corresponde a lo ofrecido, tienes 6 meses desde que lo recibes para elegir
  entre su cambio, su reparación gratuita o la devolución de lo pagado.

## Contacto
Para cualquier consulta sobre tu compra, ${contact(shop)}.`;
    case 'privacidad':
      return prose`${shop.name} es responsable de los datos personales que nos entregas al comprar,
  según la Ley 19.628 sobre Protección de los Datos Personales, modificada por la Ley 21.719.

## Qué datos usamos y para qué
Tu nombre, correo y teléfono y, si pides despacho, tu dirección y comuna. Los usamos para preparar,
  entregar y cobrar tu pedido y para avisarte de su estado; la base es el contrato de compra.
  Guardamos el registro de tu compra el tiempo que exige la ley tributaria (seis años).

## Con quién los compartimos
Con la empresa de despacho que lleva tu pedido; con el medio de pago que elijas (Webpay de Transbank
  procesa los datos de tu tarjeta: nosotros no los vemos); con el servicio que emite nuestras
  boletas electrónicas, si lo usamos; y con Impulsa, la plataforma de esta tienda, que los trata por
  nuestro encargo y solo para operarla. No vendemos ni cedemos tus datos. Solo te escribiremos con
  novedades u ofertas si lo aceptas.

## Tus derechos
Puedes pedir acceso a tus datos, rectificarlos, suprimirlos, oponerte a su uso, llevarlos a otro
  lugar (portabilidad) o bloquear su uso mientras resolvemos tu solicitud, gratis: ${contact(shop)}.
  Te respondemos dentro de 15 días hábiles, prorrogables una vez por otros 15. Si no quedas
  conforme, puedes reclamar ante la Agencia de Protección de Datos Personales.`;
    case 'devoluciones':
      return prose`## Derecho a retracto
Puedes devolver un producto comprado en ${shop.name} dentro de 10 días desde que lo recibes, sin dar
  razones, si está sin uso, con sus etiquetas y en su embalaje original. Te devolvemos lo pagado por
  el producto dentro de 10 días desde que lo recibimos de vuelta, por el mismo medio de pago. El
  costo de enviarnos el producto es tuyo, salvo que la tienda indique otra cosa.

## Productos con falla
Si un producto llega con falla o distinto de lo ofrecido, tienes 6 meses desde que lo recibes para
  elegir su cambio, su reparación gratuita o la devolución de lo pagado (garantía legal, artículos
  20 y 21 de la Ley 19.496). En ese caso el envío corre por cuenta de la tienda.

## Cómo pedirlo
${contact(shop)[0]!.toUpperCase()}${contact(shop).slice(1)}, con tu número de pedido, y te
  respondemos con los pasos.`;
  }
}

/** A legal text as blocks to render: headings and paragraphs, never HTML. */
export function legalBlocks(text: string): { heading: boolean; text: string }[] {
  return text
    .split(/\n\s*\n|\n(?=## )/)
    .flatMap((block) => {
      const lines = block.trim().split('\n');
      const first = lines[0] ?? '';
      if (!first.startsWith('## ')) return [{ heading: false, text: lines.join('\n') }];
      const rest = lines.slice(1).join('\n').trim();
      return [
        { heading: true, text: first.slice(3).trim() },
        ...(rest ? [{ heading: false, text: rest }] : []),
      ];
    })
    .filter((b) => b.text.trim() !== '');
}

/** A text as typed: a form's line breaks (`\r\n`) read as `\n`. */
const legalField = (title: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : v),
      z
        .string({ error: `${title} debe ser texto.` })
        .trim()
        .max(LEGAL_MAX, `${title}: como máximo ${LEGAL_MAX.toLocaleString('es-CL')} caracteres.`)
        .nullable(),
    )
    .optional();

/** `PUT /api/store/legal/` and `/politicas`: each text, or null/empty for the template. */
export const legalSchema = z.object({
  terminos: legalField(LEGAL_TITLES.terminos),
  privacidad: legalField(LEGAL_TITLES.privacidad),
  devoluciones: legalField(LEGAL_TITLES.devoluciones),
  version: z.coerce
    .number({ error: 'Falta la versión.' })
    .int('Versión no válida.')
    .min(0, 'Versión no válida.')
    .max(MAX_ID, 'Versión no válida.'),
});
export type LegalInput = z.infer<typeof legalSchema>;

/** The seller's own texts (a kind missing: the template). */
export type LegalTexts = Partial<Record<LegalKind, string>>;

/** The stored texts, read defensively. */
export function legalOf(stored: unknown): LegalTexts {
  const parsed = legalSchema.omit({ version: true }).safeParse(stored ?? {});
  if (!parsed.success) return {};
  return Object.fromEntries(
    LEGAL_KINDS.flatMap((k) => (parsed.data[k] ? [[k, parsed.data[k]]] : [])),
  );
}

/** What a shop's legal page says: the seller's text, or the template. */
export function legalText(kind: LegalKind, texts: LegalTexts, shop: LegalShop): string {
  return texts[kind] ?? legalTemplate(kind, shop);
}
