/**
 * Product analytics (PostHog), loaded only when the server rendered its key into the page
 * (`PUBLIC_POSTHOG_KEY` at run time). Every call is a no-op otherwise.
 */
import type { PublicUser } from '@/lib/accounts/user';

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

/** Forgets the identity (sign-out). */
export async function resetAnalytics(): Promise<void> {
  (await analytics())?.reset();
}
