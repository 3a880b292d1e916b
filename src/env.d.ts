/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Which site the request's host belongs to (set by `resolveHost`). */
    site: import('./lib/routing/hosts').SiteHost;
    /** The signed-in user, or null (set by `authenticate`). */
    user: import('./lib/users/user').PublicUser | null;
    /** The credential the request used, or null. */
    auth: { token: string; via: 'header' | 'cookie' } | null;
  }
}

interface ImportMetaEnv {
  readonly PUBLIC_POSTHOG_KEY?: string;
}
