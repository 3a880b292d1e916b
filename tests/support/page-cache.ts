/** Fakes for the route cache's two doors: Astro's provider context and the node:http fast path. */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PageCache } from '@/lib/server/cache/page-cache';

/** The context Astro hands a cache provider's `onRequest`. */
export function fakeContext(url: string, headers: Record<string, string> = {}) {
  const request = new Request(url, { headers });
  return { request, url: new URL(url), logger: console } as never;
}

/** Calls `answer` with a fake node:http pair; returns what was written, or null when it passed. */
export function answer(cache: PageCache, url: string, headers: Record<string, string> = {}) {
  const req = {
    method: 'GET',
    url,
    headers: { host: 'localhost', ...headers },
  } as unknown as IncomingMessage;
  const written: { status?: number; headers?: string[]; body?: Uint8Array } = {};
  const res = Object.assign(new EventEmitter(), {
    writeHead: (status: number, raw: string[]) => Object.assign(written, { status, headers: raw }),
    end: (body: Uint8Array) => Object.assign(written, { body }),
  }) as unknown as ServerResponse;
  return cache.answer(req, res) ? written : null;
}
