import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IslandBoundary, withIslandBoundary } from '@/islands/ui/IslandBoundary';

describe('IslandBoundary (docs/spec.md §4, §8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs a mount error as "Error while mounting app"', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const boundary = new IslandBoundary({ children: null });
    const error = new Error('no se pudo montar');
    boundary.componentDidCatch(error, { componentStack: '\n    at Island' });
    expect(log).toHaveBeenCalledWith('Error while mounting app', error, '\n    at Island');
  });

  it('switches to the error view: status, status message and the error message', () => {
    const state = IslandBoundary.getDerivedStateFromError(
      Object.assign(new Error('Sin conexión'), { status: 503 }),
    );
    const boundary = new IslandBoundary({ children: null });
    boundary.state = state;
    const html = renderToString(boundary.render() as never);
    expect(html).toMatch(/503(<!-- -->)? · (<!-- -->)?Internal Server Error/);
    expect(html).toContain('Sin conexión');
    expect(html).toContain('Recargar la página');
  });

  it('renders its children while nothing fails', () => {
    const Hello = withIslandBoundary(({ name }: { name: string }) => <p>Hola, {name}</p>);
    expect(renderToString(<Hello name="Ana" />)).toMatch(/<p>Hola, (<!-- -->)?Ana<\/p>/);
    // Tagged for the renderer the build registers, so Astro does not render it once more to ask.
    expect((Hello as unknown as Record<symbol, string>)[Symbol.for('astro:renderer')]).toBe(
      '@astrojs/react',
    );
  });
});
