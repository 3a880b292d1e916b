import type { APIRoute } from 'astro';
import {
  finishLogin,
  OIDC_COOKIE,
  OIDC_COOKIE_PATH,
  oidcSettings,
  startLogin,
  type PendingLogin,
} from '@/lib/accounts/google.server';
import { startSession } from '@/lib/accounts/session.server';
import { getDb } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import { userForIdentity } from '@/lib/accounts/users.server';

const done = (error?: string) =>
  `/login/oauth-success${error ? `?error=${encodeURIComponent(error)}` : ''}`;

/**
 * `/auth/google`, opened in the sign-in popup: without `code` it starts the flow; as the
 * provider's callback it signs the person in and ends on /login/oauth-success, which tells
 * the opener and closes the popup.
 */
export const GET: APIRoute = async (context) => {
  const { url, cookies, redirect } = context;
  const settings = oidcSettings();
  if (!settings) return redirect(done('not_configured'), 302);

  if (!url.searchParams.has('code') && !url.searchParams.has('error')) {
    try {
      const { url: authorizationUrl, pending } = await startLogin(settings);
      cookies.set(OIDC_COOKIE, JSON.stringify(pending), {
        path: OIDC_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: url.protocol === 'https:',
        maxAge: 600,
      });
      return redirect(authorizationUrl.href, 302);
    } catch (error) {
      log.error('oidc start failed', { error });
      return redirect(done('unavailable'), 302);
    }
  }

  const raw = cookies.get(OIDC_COOKIE)?.value;
  cookies.delete(OIDC_COOKIE, { path: OIDC_COOKIE_PATH });
  const providerError = url.searchParams.get('error');
  if (providerError) {
    if (providerError === 'access_denied') return redirect(done('cancelled'), 302);
    log.warn('oidc provider error', {
      error: providerError,
      description: url.searchParams.get('error_description'),
    });
    return redirect(done('failed'), 302);
  }
  if (!raw) return redirect(done('expired'), 302);
  try {
    const pending = JSON.parse(raw) as PendingLogin;
    const identity = await finishLogin(settings, url.search, pending);
    const db = await getDb();
    const user = await userForIdentity(db, identity);
    await startSession(db, context, user);
    return redirect(done(), 302);
  } catch (error) {
    if (error instanceof HttpError) return redirect(done('unverified_email'), 302);
    log.warn('oidc callback failed', { error });
    return redirect(done('failed'), 302);
  }
};
