import type { APIRoute } from 'astro';
import { SELLER_PATHS } from '@/lib/shop/urls';
import { startConnect } from '@/lib/channels/mercadolibre/connect.server';
import { requireUser } from '@/lib/server/http/auth';
import { setFlash } from '@/lib/toast/flash.server';

/** «Conectar Mercado Libre»: off to Mercado Libre with a state bound to the seller's account. */
export const GET: APIRoute = ({ locals, cookies, url, redirect }) => {
  const target = startConnect(cookies, url, requireUser(locals).id);
  if (target) return redirect(target, 302);
  setFlash(cookies, {
    title: 'Mercado Libre aún no está disponible',
    description: 'Impulsa todavía no tiene su aplicación en Mercado Libre configurada.',
    variant: 'destructive',
  });
  return redirect(SELLER_PATHS.channels, 303);
};
