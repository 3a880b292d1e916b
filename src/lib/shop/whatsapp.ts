/** "Pedir por WhatsApp" links: `https://wa.me/<number>?text=…`. */
import { formatClp } from '@/lib/money';

export const WHATSAPP_ORIGIN = 'https://wa.me';

/** A wa.me link to a `+569…` number with a prefilled message. */
export function whatsappLink(number: string, text: string): string {
  return `${WHATSAPP_ORIGIN}/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/** The buyer's first message about a product: its name, price and link. */
export function productWhatsappText(product: { name: string; price: number }, url: string): string {
  return `Hola, me interesa «${product.name}» (${formatClp(product.price)}). ${url}`;
}
