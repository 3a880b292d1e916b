import { plainPage } from '@/lib/plain-page';

/** The page a buyer reads when a provider sends them back with a payment we do not know: a 404. */
export function paymentNotFound(provider: string): Response {
  const html = plainPage('No encontramos ese pago', [
    `El enlace de vuelta desde ${provider} no corresponde a ningún pedido. ` +
      'No se hizo ningún cargo desde esta página.',
    '<a href="/pay">Volver al carro</a>',
  ]);
  return new Response(html, {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
