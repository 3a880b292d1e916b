/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Which site the request's host belongs to (set by `resolveHost`). */
    site: import('@/lib/hosts').SiteHost;
    /** For a request to a site (tenant host or preview link): its path inside the site; null for the app. */
    sitePath: string | null;
    /** Set by the guard for a path a site does not serve: the site route answers its 404. */
    siteNotFound?: boolean;
    /** The signed-in user, or null (set by `authenticate`). */
    user: import('@/lib/accounts/user').PublicUser | null;
    /** Signed in by a browser session whose account has not accepted the terms in force. */
    termsPending?: boolean;
    /** The signed-in account's analytics choice (`lib/privacy/consent.ts`), set by `authenticate`. */
    analyticsConsent?: boolean | null;
    /**
     * The shop the signed-in person works in (issue 67): their own, as owner, or another's as a
     * member with its permissions. Null when signed out. Seller routes read `id`, never the user's.
     */
    shop: { id: number; actor: import('@/lib/team/permissions').ShopActor } | null;
    /** The shop the person is a member of, whether or not this session works there (the header). */
    team?: { shopId: number; shop: string; role: string } | null;
    /** The credential the request used, or null. */
    auth: { token: string; via: 'header' | 'cookie' } | null;
    /** Origins a page's forms post to besides ours (`allowFormAction`). */
    formActions?: string[];
    /** Set by a page whose rendering `keepPrivateAnswers` keeps (`lib/server/private-answers`). */
    keepPage?: import('@/lib/server/private-answers/kept-answers').KeepSlot;
  }
}

interface ImportMetaEnv {
  readonly PUBLIC_POSTHOG_KEY?: string;
}
