import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { errorViewFrom } from '@/lib/errors/error-view';

interface State {
  error: unknown;
}

/**
 * Catches what an island throws while mounting or rendering: logs it as the spec asks
 * (`Error while mounting app`) and shows the error view in place of the island.
 */
export class IslandBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Error while mounting app', error, info.componentStack);
  }

  render() {
    if (this.state.error === null) return this.props.children;
    const view = errorViewFrom(this.state.error, { exposeMessage: true });
    return (
      <div role="alert" className="card border-danger-200 p-6 text-center">
        <p className="text-sm font-semibold text-danger-700">
          {view.status} · {view.statusMessage}
        </p>
        <p className="mt-2 text-ink-700">{view.description}</p>
        <button
          type="button"
          className="btn-secondary mt-4"
          onClick={() => window.location.reload()}
        >
          Recargar la página
        </button>
      </div>
    );
  }
}

/**
 * Astro's tag for "this component is rendered by that renderer". Without it Astro asks each
 * renderer's `check`, and the React renderer's check calls the whole island once just to see
 * that it returns a React element: every island would be rendered twice on the server.
 */
const ASTRO_RENDERER = Symbol.for('astro:renderer');

/** Wraps an island's root component in `IslandBoundary`, tagged as the React renderer's for Astro. */
export function withIslandBoundary<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  function Bounded(props: P) {
    return (
      <IslandBoundary>
        <Inner {...props} />
      </IslandBoundary>
    );
  }
  Bounded.displayName = `Bounded(${Inner.displayName ?? Inner.name ?? 'Island'})`;
  Object.defineProperty(Bounded, ASTRO_RENDERER, { value: '@astrojs/react' });
  return Bounded;
}
