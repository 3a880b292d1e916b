import { defineMiddleware } from 'astro:middleware';
import { privatePages, type PrivatePages } from '@/lib/server/cache/private-pages';

/**
 * Keeps the rendering of a signed-in page that asked for it (`PrivatePages.keepAs`). The
 * innermost step: what it keeps is the page as rendered, and the steps outside it (security
 * headers above all) dress a kept page on its way out exactly as a fresh one.
 */
export function keepPrivatePagesWith(pages: PrivatePages) {
  return defineMiddleware(async (context, next) => {
    const response = await next();
    const slot = context.locals.keepPage;
    return slot ? pages.keep(slot, response) : response;
  });
}

export const keepPrivatePages = keepPrivatePagesWith(privatePages);
