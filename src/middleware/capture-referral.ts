import { defineMiddleware } from 'astro:middleware';
import { REFERRAL_COOKIE, referralPartnerFor } from '@/lib/accounts/referral';

/**
 * `?source=<partner code>` on any page: a valid code is stored as the referral partner
 * (a cookie the client copies to localStorage); anything else is ignored.
 */
export const captureReferral = defineMiddleware((context, next) => {
  // A site never sets the app's cookies.
  if (context.locals.sitePath !== null) return next();
  const source = context.url.searchParams.get('source');
  const partner = source ? referralPartnerFor(source) : null;
  if (partner) {
    context.cookies.set(REFERRAL_COOKIE, partner, {
      path: '/',
      sameSite: 'lax',
      maxAge: 60 * 60 * 24 * 30,
      httpOnly: false,
    });
  }
  return next();
});
