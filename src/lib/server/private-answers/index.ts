/**
 * Kept signed-in answers: the one door to them. The dashboard and `GET /api/users/me/` keep
 * what they rendered per user, credential and address, against a stamp of what it was made from
 * (the user, and for the dashboard its data version); a request whose stamp still matches gets
 * the kept bytes instead of a render (docs/decisions/2026-11-23-kept-signed-in-answers.md).
 *
 * Everything else of it lives beside this file and is imported from nowhere else (the import
 * rules test it): `kept-answers.ts` (the store and both ways of answering), `known-versions.ts`
 * (versions known without asking the database), `middleware.ts` (the step that keeps answers as
 * they leave). The version itself is moved by the `dashboard_touch` triggers of migration 0009
 * and announced on the cache bus by migration 0010.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cacheBus } from '@/lib/server/cache/bus';
import { privatePages, type PrivatePageContext } from '@/lib/server/private-answers/kept-answers';

export { configureCredentialLookup } from '@/lib/server/private-answers/kept-answers';
import { knownVersions } from '@/lib/server/private-answers/known-versions';

export { keepPrivateAnswers } from '@/lib/server/private-answers/middleware';

/** Remembers `version`, read since `mark`, while invalidations are heard. */
function learn(userId: number, version: number, mark: number): void {
  if (cacheBus.isListening()) knownVersions().learn(userId, version, mark);
}

export const privateAnswers = {
  /**
   * the HTTP server (`http/serve.ts`), before Astro: answers from memory alone when it knows the kept answer
   * is current; false sends the request on to Astro.
   */
  answerFromMemory(req: IncomingMessage, res: ServerResponse): boolean {
    return privatePages.answerRequest(req, res);
  },

  /** A page's kept answer when it was made at `version` (null: from the user alone); else null. */
  kept(context: PrivatePageContext, version: number | null): Response | null {
    return privatePages.answer(context, version);
  },

  /** Asks for this request's answer, made from data at `version`, to be kept as it leaves. */
  keep(context: PrivatePageContext, version: number | null): void {
    privatePages.keepAs(context, version);
  },

  /**
   * The user's dashboard version: from memory while nothing has moved it since it was read,
   * otherwise `read()`'s, remembered.
   */
  async dashboardVersion(userId: number, read: () => Promise<number>): Promise<number> {
    const known = knownVersions().get(userId);
    if (known !== undefined) return known;
    const mark = knownVersions().mark();
    const version = await read();
    learn(userId, version, mark);
    return version;
  },

  /** Runs `read` (the whole dashboard, its version included) and remembers the version. */
  async readingDashboard<T extends { version: number }>(
    userId: number,
    read: () => Promise<T>,
  ): Promise<T> {
    const mark = knownVersions().mark();
    const view = await read();
    learn(userId, view.version, mark);
    return view;
  },
};
