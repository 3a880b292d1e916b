import { defineMiddleware } from 'astro:middleware';
import { privatePages, type PrivatePages } from '@/lib/server/private-answers/kept-answers';
import { knownVersions, type KnownVersions } from '@/lib/server/private-answers/known-versions';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Keeps the answer of a signed-in page or endpoint that asked for it (`PrivatePages.keepAs`).
 * The outermost step: what it keeps is the response as it leaves, security headers included,
 * so that the HTTP server (`http/serve.ts`) can send it again before Astro runs.
 *
 * It also forgets a signed-in user's known dashboard version once any write of theirs has been
 * answered: on PostgreSQL the database's announcement of the new version may still be on its way
 * when the browser, redirected, asks for the dashboard again (`known-versions.ts`).
 */
export function keepPrivateAnswersWith(
  pages: PrivatePages,
  versions: () => KnownVersions,
  enabled = true,
) {
  return defineMiddleware(async (context, next) => {
    const response = await next();
    const user = context.locals.user;
    if (user && !READS.has(context.request.method)) versions().forget(user.id);
    const slot = context.locals.keepPage;
    return slot && enabled ? pages.keep(slot, response) : response;
  });
}

/** Off under `astro dev`, where a page's code changes with every save. */
export const keepPrivateAnswers = keepPrivateAnswersWith(
  privatePages,
  knownVersions,
  !import.meta.env.DEV,
);
