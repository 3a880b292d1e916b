/** The page a buyer reads when a provider sends them back with a payment we do not know: a 404. */
export function paymentNotFound(provider: string): Response {
  return new Response(
    `<!doctype html><html lang="es-CL"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Pago no encontrado</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>No encontramos ese pago</h1><p>El enlace de vuelta desde ${provider} no corresponde a ningún pedido. No se hizo ningún cargo desde esta página.</p><p><a href="/pay">Volver al carro</a></p></body></html>`,
    {
      status: 404,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
    },
  );
}
