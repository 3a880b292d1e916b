import { withState } from '@astrojs/react/actions';
import { useActionState } from 'react';
import { unauthorized } from '@/lib/api';

/**
 * React 19's `useActionState` over an Astro Action: `withState` keeps the progressive-enhancement
 * info, so the server renders a form that posts without JavaScript. The state is the action's
 * answer (`{data}` or `{error}`), null before the first one.
 */
export function useFormAction<R>(action: (form: FormData) => Promise<R>) {
  // A session that ended meanwhile signs out to /login, as the API client does (docs/spec.md §8).
  // The action's own properties (`$$FORM_ACTION`, its query string) come along: without them the
  // server would render a form that cannot post before the island hydrates.
  const watched = Object.assign(async (form: FormData) => {
    const answer = await action(form);
    if ((answer as { error?: { status?: number } } | null)?.error?.status === 401) unauthorized();
    return answer;
  }, action);
  // `withState` types its state as the answer alone; before the first answer there is none.
  const stateful = withState(watched) as unknown as (state: R | null, form: FormData) => Promise<R>;
  return useActionState<R | null, FormData>(stateful, null);
}
