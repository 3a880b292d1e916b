/**
 * Signed-in pages kept as rendered, each against a stamp of everything it was rendered from:
 * the data's version (moved by database triggers, so by every write from any code path or
 * instance), the user as the layout shows them, and the page's address. A request whose stamp
 * matches is answered with the kept bytes for the price of reading the version, instead of a
 * render; any other renders as usual and is kept. The render cache (`page-cache.ts`) serves
 * anonymous pages before Astro runs; these need the credential, so they are answered by the page.
 */
import { BoundedMap } from '@/lib/server/cache/bounded-map';
import { FLASH_COOKIE } from '@/lib/toast/flash';
import type { PublicUser } from '@/lib/accounts/user';

/** Kept renderings per instance, the oldest dropped first (a dashboard is about 19 KB). */
export const PRIVATE_PAGES_MAX = 500;
/**
 * How long a rendering is kept at most, whatever its stamp: what a page shows besides its data
 * (the footer's year) is at most this late.
 */
export const PRIVATE_PAGE_TTL_MS = 10 * 60_000;

/** Where a rendering is kept (per user and address) and what it was rendered from. */
export interface KeepSlot {
  key: string;
  stamp: string;
}

/** What a page reads to key its rendering: Astro's page context. */
export interface PrivatePageContext {
  url: URL;
  locals: { user: PublicUser | null; keepPage?: KeepSlot };
  cookies: { has(name: string): boolean };
}

interface KeptPage {
  stamp: string;
  keptAt: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

export class PrivatePages {
  private readonly pages: BoundedMap<string, KeptPage>;
  private readonly now: () => number;

  constructor(max = PRIVATE_PAGES_MAX, now: () => number = Date.now) {
    this.pages = new BoundedMap(max);
    this.now = now;
  }

  /**
   * Where and against what a request's rendering is kept; null when it is not kept: nobody is
   * signed in, or a flash toast waits in a cookie (the layout shows the toaster for it).
   */
  private slot(context: PrivatePageContext, version: number): KeepSlot | null {
    const user = context.locals.user;
    if (!user || context.cookies.has(FLASH_COOKIE)) return null;
    return { key: `${user.id} ${context.url.pathname}${context.url.search}`, stamp: `${version} ${JSON.stringify(user)}` };
  }

  /** The kept rendering when it was made at `version` for this user and address; null otherwise. */
  answer(context: PrivatePageContext, version: number): Response | null {
    const slot = this.slot(context, version);
    const page = slot && this.pages.get(slot.key);
    if (!page || page.stamp !== slot!.stamp || this.now() - page.keptAt > PRIVATE_PAGE_TTL_MS) return null;
    return new Response(page.body, { status: 200, headers: [...page.headers, ['X-Render-Cache', 'private-hit']] });
  }

  /** Asks for this request's rendering, from data at `version`, to be kept (`keepPrivatePages` does). */
  keepAs(context: PrivatePageContext, version: number): void {
    const slot = this.slot(context, version);
    if (slot) context.locals.keepPage = slot;
  }

  /**
   * Keeps `response` if it is a page that can be: a 200 HTML page that sets no cookie. Returns
   * a response with the same status, headers and bytes (the original's body is read).
   */
  async keep(slot: KeepSlot, response: Response): Promise<Response> {
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('text/html') || response.headers.has('set-cookie')) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = [...response.headers];
    this.pages.set(slot.key, { stamp: slot.stamp, keptAt: this.now(), headers, body });
    return new Response(body, { status: 200, headers });
  }
}

const KEY = Symbol.for('impulsa.private-pages');
const slots = globalThis as { [KEY]?: PrivatePages };
/** The process's kept pages (one instance even if bundling loads this module twice). */
export const privatePages: PrivatePages = (slots[KEY] ??= new PrivatePages());
