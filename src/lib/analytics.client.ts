/**
 * Product analytics (PostHog), loaded only when the server rendered its key into the page
 * (`PUBLIC_POSTHOG_KEY` at run time). Every call is a no-op otherwise.
 */
import type { PublicUser } from '@/lib/accounts/user';
import { IDENTIFY_COOKIE } from '@/lib/analytics';

type PostHog = typeof import('posthog-js').default;
let loading: Promise<PostHog | null> | undefined;

function configuredKey(): string | null {
  if (typeof document === 'undefined') return null;
  return (
    document.querySelector<HTMLMetaElement>('meta[name="impulsa:posthog-key"]')?.content || null
  );
}

/** The analytics client, initialised once; null when analytics is not configured. */
export function analytics(): Promise<PostHog | null> {
  return (loading ??= (async () => {
    const key = configuredKey();
    if (!key) return null;
    const { default: posthog } = await import('posthog-js');
    posthog.init(key, {
      api_host: '/ingest/ph',
      ui_host: 'https://us.posthog.com',
      person_profiles: 'identified_only',
      persistence: 'localStorage+cookie',
    });
    return posthog;
  })());
}

/** Identifies the user with id, email, name and referral flag (docs/spec.md §4). */
export async function identifyUser(user: PublicUser): Promise<void> {
  const ph = await analytics();
  ph?.identify(String(user.id), {
    email: user.email,
    name: user.full_name,
    is_transbank_referral: user.is_transbank_referral,
  });
}

/**
 * Every page with analytics: starts PostHog, identifies a person who signed in through a plain
 * form (the API's sign-in identifies at once), and shows what a feature flag turns on.
 */
export async function startAnalytics(): Promise<void> {
  const ph = await analytics();
  if (!ph) return;
  if (document.cookie.split('; ').includes(`${IDENTIFY_COOKIE}=1`)) {
    document.cookie = `${IDENTIFY_COOKIE}=; path=/; max-age=0`;
    const answer = await fetch('/api/users/me/');
    if (answer.ok) await identifyUser((await answer.json()) as PublicUser);
  }
  const flagged = document.querySelectorAll<HTMLElement>('[data-flag]');
  if (flagged.length === 0) return;
  ph.onFeatureFlags(() => {
    for (const el of flagged) el.hidden = !ph.isFeatureEnabled(el.dataset.flag!);
  });
}

/** Forgets the identity (sign-out). */
export async function resetAnalytics(): Promise<void> {
  (await analytics())?.reset();
}
