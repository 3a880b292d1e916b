/**
 * Signed-in answers kept as rendered (the dashboard, `GET /api/users/me/`), each against a stamp
 * of everything it was rendered from: the data's version when it has one (moved by database
 * triggers, so by every write from any code path or instance: `known-versions.ts`), the user as
 * the page shows them, the credential it came with, and the request's address. A request whose
 * stamp matches gets the kept bytes instead of a render.
 *
 * Two doors lead here. the HTTP server (`http/serve.ts`) asks `answerRequest` before Astro runs: it answers
 * only from memory (the credential cache, the known version), and lets anything it cannot
 * decide that way go on. The page asks `answer` with the version read from the database, after
 * the middleware has authenticated the request. Either way, the kept response is the final
 * one, security headers included: `keepPrivateAnswers` is the outermost middleware step. The
 * answer says which door it came through: `X-Render-Cache: private-hit` from memory,
 * `private-checked` after the page read the version.
 *
 * Nothing is kept, nor answered, when a cookie that changes what the middleware or the layout
 * does is present (`UNKEPT_COOKIES`): a toast waiting, a page to go back to after signing in, a
 * company to start. Everything else a kept answer depends on is in its key: the host and the
 * forwarded headers Astro builds the request's URL from (the server listens on plain HTTP), the
 * path and query exactly as requested.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BoundedMap } from '@/lib/server/cache/bounded-map';
import { cookieName, cookieNames, COOKIES } from '@/lib/cookies';
import type { PublicUser } from '@/lib/accounts/user';
import { knownVersions } from '@/lib/server/private-answers/known-versions';
import { databaseAnsweredLately } from '@/lib/server/db/client';

/** Kept answers per instance, the oldest dropped first (a dashboard is about 19 KB). */
export const PRIVATE_PAGES_MAX = 500;
/**
 * How long an answer is kept at most, whatever its stamp: what a page shows besides its data
 * (the footer's year) is at most this late.
 */
export const PRIVATE_PAGE_TTL_MS = 10 * 60_000;

/** Cookies that change what a signed-in page does (`lib/cookies.ts`): the guard's two, the toast. */
export const UNKEPT_COOKIES = cookieNames('signedInPage', 'changes');
const UNKEPT = new RegExp(`(?:^|;)\\s*(?:${UNKEPT_COOKIES.join('|')})=`);
/** `Authorization: Token <key>`, as `authenticate` reads it. */
const TOKEN_HEADER = /^Token\s+(\S+)\s*$/i;
/** Request headers Astro builds the URL from (besides the path), hence part of every key. */
const ADDRESS_HEADERS = [
  'host',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
] as const;

/** Where an answer is kept (per user and address) and what it was rendered from. */
export interface KeepSlot {
  key: string;
  stamp: string;
  /** 'header' for `Authorization: Token`, else the name of the session cookie that signed in. */
  credential: string;
  versioned: boolean;
}

/** What a page reads to key its answer: Astro's page context. */
export interface PrivatePageContext {
  url: URL;
  request: { headers: { get(name: string): string | null } };
  locals: {
    user: PublicUser | null;
    auth: { via: 'header' | 'cookie' } | null;
    /** The shop the person works in; another's (a member's) is never kept. */
    shop?: { id: number } | null;
    keepPage?: KeepSlot;
  };
  cookies: { has(name: string): boolean };
}

/** What `answerRequest` may consult: memory only, never the database. */
export interface MemoryLookups {
  /** The user a credential belongs to, when known without asking the database. */
  userFor(token: string): PublicUser | undefined;
  /** The user's data version, when known without asking the database. */
  versionOf(userId: number): number | undefined;
  /** Whether the database answered lately: during an outage every request gets its 503 from Astro. */
  databaseAnswering(): boolean;
}

interface KeptPage {
  stamp: string;
  credential: string;
  versioned: boolean;
  keptAt: number;
  headers: [string, string][];
  /** The headers as `res.writeHead` takes them, computed once. */
  rawHeaders: string[];
  body: Uint8Array<ArrayBuffer>;
}

const keyOf = (
  userId: number,
  header: (name: string) => string | null | undefined,
  pathWithSearch: string,
) => [userId, ...ADDRESS_HEADERS.map((name) => header(name) ?? ''), pathWithSearch].join('\n');
const stampOf = (version: number | null, user: PublicUser) =>
  `${version ?? '-'} ${JSON.stringify(user)}`;

/** Each session cookie's name with the pattern of its first value in a Cookie header. */
const SESSION_COOKIES = COOKIES.session.names.map((name) => ({
  name,
  pattern: new RegExp(`(?:^|;)\\s*${name}=([^;]*)`),
}));

/** The first value `pattern` finds in a Cookie header, decoded as Astro decodes it. */
function cookieValue(header: string, pattern: RegExp): string | undefined {
  const match = pattern.exec(header);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!.trim());
  } catch {
    return match[1]!.trim();
  }
}

/** The credential a node:http request signs in with, as `authenticate` would pick it; null when unsure. */
function credentialOf(req: IncomingMessage): { credential: string; token: string } | null {
  const authorization = req.headers.authorization;
  if (authorization !== undefined) {
    const token = TOKEN_HEADER.exec(authorization)?.[1];
    return token ? { credential: 'header', token } : null;
  }
  const cookie = req.headers.cookie;
  if (!cookie) return null;
  // Which of the two session cookies Astro reads depends on the request's protocol: with both
  // present, leave it to Astro. With one, the kept answer says which one it was rendered for.
  const found = SESSION_COOKIES.flatMap(({ name, pattern }) => {
    const token = cookieValue(cookie, pattern);
    return token ? [{ credential: name, token }] : [];
  });
  return found.length === 1 ? found[0]! : null;
}

export class PrivatePages {
  private readonly pages: BoundedMap<string, KeptPage>;
  private readonly now: () => number;
  private readonly memory: MemoryLookups;

  constructor(memory: MemoryLookups, max = PRIVATE_PAGES_MAX, now: () => number = Date.now) {
    this.memory = memory;
    this.pages = new BoundedMap(max);
    this.now = now;
  }

  /**
   * Where and against what a request's answer is kept; null when it is not kept: nobody is
   * signed in, or a cookie in `UNKEPT_COOKIES` is there.
   */
  private slot(context: PrivatePageContext, version: number | null): KeepSlot | null {
    const { user, auth, shop } = context.locals;
    if (!user || !auth || UNKEPT_COOKIES.some((name) => context.cookies.has(name))) return null;
    // A member works in another's shop: those pages are the shop's, not kept under the person.
    if (shop && shop.id !== user.id) return null;
    return {
      key: keyOf(
        user.id,
        (name) => context.request.headers.get(name),
        context.url.pathname + context.url.search,
      ),
      stamp: stampOf(version, user),
      credential: auth.via === 'header' ? 'header' : cookieName('session', context.url.protocol),
      versioned: version !== null,
    };
  }

  /** The kept page when it was made at `version` for this user, credential and address; null otherwise. */
  answer(context: PrivatePageContext, version: number | null): Response | null {
    const slot = this.slot(context, version);
    const page = slot && this.fresh(slot.key);
    if (!page || page.stamp !== slot.stamp || page.credential !== slot.credential) return null;
    return new Response(page.body, {
      status: 200,
      headers: [...page.headers, ['X-Render-Cache', 'private-checked']],
    });
  }

  /**
   * Answers a node:http request with its kept answer when memory alone says it is current: the
   * credential is in the credential cache, the version is known, the database answered lately.
   * False otherwise (the request then goes on to Astro, which authenticates it and may answer
   * through `answer`).
   */
  answerRequest(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || this.pages.size === 0 || !this.memory.databaseAnswering())
      return false;
    if (req.headers.cookie && UNKEPT.test(req.headers.cookie)) return false;
    const sign = credentialOf(req);
    const user = sign && this.memory.userFor(sign.token);
    if (!user) return false;
    const header = (name: string) => req.headers[name] as string | undefined;
    const page = this.fresh(keyOf(user.id, header, req.url ?? '/'));
    if (!page || page.credential !== sign.credential) return false;
    const version = page.versioned ? this.memory.versionOf(user.id) : null;
    if (version === undefined || page.stamp !== stampOf(version, user)) return false;
    res.writeHead(200, page.rawHeaders);
    res.end(page.body);
    return true;
  }

  /** Asks for this request's answer, from data at `version` (null: the user alone), to be kept. */
  keepAs(context: PrivatePageContext, version: number | null): void {
    const slot = this.slot(context, version);
    if (slot) context.locals.keepPage = slot;
  }

  /**
   * Keeps `response` if it is an answer that can be: a 200 HTML page or JSON document that sets
   * no cookie. Returns a response with the same status, headers and bytes (the original's body is read).
   */
  async keep(slot: KeepSlot, response: Response): Promise<Response> {
    const type = response.headers.get('content-type') ?? '';
    if (
      response.status !== 200 ||
      !/^(?:text\/html|application\/json)\b/.test(type) ||
      response.headers.has('set-cookie')
    )
      return response;
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = [...response.headers];
    const rawHeaders = [
      ...headers.flat(),
      'Content-Length',
      String(body.byteLength),
      'X-Render-Cache',
      'private-hit',
    ];
    this.pages.set(slot.key, {
      stamp: slot.stamp,
      credential: slot.credential,
      versioned: slot.versioned,
      keptAt: this.now(),
      headers,
      rawHeaders,
      body,
    });
    return new Response(body, { status: 200, headers });
  }

  /** The kept answer under `key` while within its time. */
  private fresh(key: string): KeptPage | undefined {
    const page = this.pages.get(key);
    return page && this.now() - page.keptAt <= PRIVATE_PAGE_TTL_MS ? page : undefined;
  }
}

/**
 * Who a credential belongs to, from the accounts feature's credential cache: installed as the app
 * loads (`src/middleware/index.ts`), since infrastructure imports no feature. Until then no
 * credential is known, so nothing is answered from memory.
 */
let credentialUser: (token: string) => PublicUser | undefined = () => undefined;

/** Installs the credential lookup (once, as the app loads). */
export function configureCredentialLookup(lookup: typeof credentialUser): void {
  credentialUser = lookup;
}

/** The process's kept answers, consulting the credential cache and the known versions. */
export const privatePages: PrivatePages = new PrivatePages({
  userFor: (token) => credentialUser(token),
  versionOf: (userId) => knownVersions().get(userId),
  databaseAnswering: databaseAnsweredLately,
});
