/**
 * The products a shop may sell without the derecho a retracto (Ley 19.496 art. 3 bis b), by their
 * nature: what the seller ticks on a product, and how the buyer reads it. Pure.
 */

/**
 * Why a product may be sold without the derecho a retracto, by its nature (the cases the law and
 * its regulation name): the key stored on the product, and how a buyer reads it.
 */
export const NO_RETRACTO_REASONS = {
  perecible: 'es perecible o de consumo rápido',
  a_pedido: 'se hace a pedido o se personaliza para ti',
  higiene: 'por higiene, no se recibe de vuelta si se abrió su sello',
  digital: 'es contenido digital que recibes al instante',
} as const;
export type NoRetractoReason = keyof typeof NO_RETRACTO_REASONS;
export const NO_RETRACTO_KEYS = Object.keys(NO_RETRACTO_REASONS) as [
  NoRetractoReason,
  ...NoRetractoReason[],
];

/** «Sin derecho a retracto: es perecible…», on the product page and at checkout. */
export const noRetractoLine = (reason: NoRetractoReason) =>
  `Sin derecho a retracto: ${NO_RETRACTO_REASONS[reason]}.`;
