/**
 * The OAuth round trip's two ends for a signed-in seller (issue 66): `start` keeps a random `state`
 * in an HttpOnly cookie bound to her account and sends her to Mercado Libre; `finish` takes her
 * back only with that same state, for that same account, once. Anything else connects nothing.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { cookieName } from '@/lib/cookies';
import { connectMercadoLibre } from '@/lib/channels/mercadolibre/account.server';
import { authorizationUrl, MercadoLibreGrantGone } from '@/lib/channels/mercadolibre/oauth.server';
import type { Db } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import type { FlashInput } from '@/lib/toast/flash';

const STATE_COOKIE = cookieName('channelState');
const PATH = '/canales/mercadolibre';

/** Where to send the seller to connect; null while Impulsa's application is not set up. */
export function startConnect(cookies: AstroCookies, url: URL, userId: number): string | null {
  const state = randomBytes(24).toString('base64url');
  const target = authorizationUrl(state);
  if (!target) return null;
  cookies.set(STATE_COOKIE, `${userId}.${state}`, {
    path: PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    maxAge: 600,
  });
  return target;
}

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Back from Mercado Libre: the toast that says how it went. */
export async function finishConnect(
  db: Db,
  cookies: AstroCookies,
  url: URL,
  userId: number,
): Promise<FlashInput> {
  const kept = cookies.get(STATE_COOKIE)?.value ?? '';
  cookies.delete(STATE_COOKIE, { path: PATH });
  const state = url.searchParams.get('state') ?? '';
  const code = url.searchParams.get('code') ?? '';
  const refused: FlashInput = {
    title: 'No conectamos Mercado Libre',
    description: 'El enlace venció o no era tuyo. Vuelve a tocar «Conectar Mercado Libre».',
    variant: 'destructive',
  };
  if (url.searchParams.get('error'))
    return { ...refused, description: 'No diste el permiso en Mercado Libre.' };
  if (!code || !state || !same(kept, `${userId}.${state}`)) return refused;
  try {
    const view = await connectMercadoLibre(db, userId, code);
    return {
      title: `Mercado Libre conectado: ${view.nickname}`,
      description: 'Ahora puedes vincular tus publicaciones con tus productos.',
    };
  } catch (error) {
    if (error instanceof HttpError) return { ...refused, description: error.message };
    if (error instanceof MercadoLibreGrantGone) return refused;
    log.warn('mercado libre connect failed', { error });
    return {
      ...refused,
      description: 'Mercado Libre no respondió. Intenta de nuevo en unos minutos.',
    };
  }
}
