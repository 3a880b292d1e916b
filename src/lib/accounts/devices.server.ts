/**
 * Known browsers, so that a password-guessing run cannot lock an owner out: each browser gets a
 * random id in a long-lived cookie, and a successful sign-in records it for that account (hashed).
 * While an account is under attack (`accountUnderAttack` in sign-in), a browser it has not seen
 * must first open a single-use link mailed to the owner.
 */
import { cookieName } from '@/lib/cookies';
import type { APIContext } from 'astro';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { deviceUnlockMail } from '@/lib/accounts/account-mails.server';
import { hashSecret, newSecret } from '@/lib/accounts/tokens.server';
import { findUserByEmail } from '@/lib/accounts/users.server';
import { siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { deviceUnlocks, knownDevices, users } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { enqueueMail } from '@/lib/server/mail/outbox';
import { enqueue } from '@/lib/server/queue/queue';
import type { JobHandler } from '@/lib/server/queue/worker';

/** The cookie's name: over HTTPS with the `__Host-` prefix, as the session cookie's. */
const deviceCookie = (url: URL) => cookieName('device', url.protocol);
/** Chrome keeps a cookie 400 days at most. */
const DEVICE_MAX_AGE_S = 400 * 24 * 3600;
const UNLOCK_TTL_MS = 60 * 60 * 1000;
/** At most one unlock mail per account in this window, however often a new browser knocks. */
const UNLOCK_MAIL_WINDOW_MS = 15 * 60 * 1000;

export const INVALID_UNLOCK_LINK =
  'El enlace para ingresar desde este dispositivo no es válido o ya expiró. Intenta ingresar de ' +
  'nuevo y te enviaremos otro.';

type Cookies = Pick<APIContext, 'cookies' | 'url'>;

/** This browser's id, if it has one. */
function deviceOf({ cookies, url }: Cookies): string | null {
  const value = cookies.get(deviceCookie(url))?.value;
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** This browser's id, given one now if it had none. */
function ensureDevice(context: Cookies): string {
  const existing = deviceOf(context);
  if (existing) return existing;
  const id = newSecret();
  context.cookies.set(deviceCookie(context.url), id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: context.url.protocol === 'https:',
    path: '/',
    maxAge: DEVICE_MAX_AGE_S,
  });
  return id;
}

/** Whether this browser signed in to the account of `email` before (or was unlocked for it). */
export async function isKnownDevice(db: Db, email: string, context: Cookies): Promise<boolean> {
  const device = deviceOf(context);
  if (!device) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(
      and(eq(users.email, email.toLowerCase()), eq(knownDevices.deviceHash, hashSecret(device))),
    )
    .limit(1);
  return row !== undefined;
}

/** Records this browser as one `userId` signs in from. */
export async function rememberDevice(db: Db, userId: number, context: Cookies): Promise<void> {
  await db
    .insert(knownDevices)
    .values({ userId, deviceHash: hashSecret(ensureDevice(context)) })
    .onConflictDoNothing();
}

/**
 * Mails the owner of `email` (if any) a link that lets a new browser in: one job per account per
 * quarter hour, enqueued whether or not the account exists, so the answer tells nothing.
 */
export function offerUnlock(db: Db, email: string, now = Date.now()): Promise<void> {
  const window = Math.floor(now / UNLOCK_MAIL_WINDOW_MS);
  return enqueue(db, {
    kind: 'device-unlock',
    payload: { email },
    key: `device-unlock:${email.toLowerCase()}:${window}`,
  });
}

/** The `device-unlock` job: the link and its mail, in one transaction. */
export const deviceUnlockJob: JobHandler = async (handle, job) => {
  const email = String(job.payload.email);
  await handle.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    const token = newSecret();
    await tx.insert(deviceUnlocks).values({
      userId: user.id,
      tokenHash: hashSecret(token),
      expiresAt: new Date(Date.now() + UNLOCK_TTL_MS),
    });
    const link = new URL('/login/desbloquear', siteUrl());
    link.searchParams.set('token', token);
    await enqueueMail(tx, deviceUnlockMail(user.email, user.fullName, link.href), {
      key: `device-unlock:${job.id}`,
    });
  });
};

/** Uses an unlock link: this browser becomes one the account knows. */
export async function unlockDevice(db: Db, token: string, context: Cookies): Promise<void> {
  const [row] = await db
    .update(deviceUnlocks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(deviceUnlocks.tokenHash, hashSecret(token)),
        isNull(deviceUnlocks.usedAt),
        gt(deviceUnlocks.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: deviceUnlocks.userId });
  if (!row)
    throw new HttpError(400, INVALID_UNLOCK_LINK, { errors: { token: [INVALID_UNLOCK_LINK] } });
  await rememberDevice(db, row.userId, context);
}
