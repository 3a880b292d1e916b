/** Reset tokens against a real (in-memory PGlite) database, through the job queue; mail goes to the outbox folder. */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DbHandle } from '@/lib/server/db/client';
import { authTokens, jobs, passwordResets } from '@/lib/server/db/schema';
import { verifyPassword } from '@/lib/accounts/passwords.server';
import { issueToken, resolveToken } from '@/lib/accounts/auth-tokens.server';
import {
  requestPasswordReset as enqueueReset,
  resetPassword,
} from '@/lib/accounts/password-reset.server';
import { runDueJobs } from '@/lib/jobs.server';
import { createUser, findUserByEmail } from '@/lib/accounts/users.server';
import { resetLinkIn } from '../../support/smtp';

let handle: DbHandle;
/** A reset request, then the queue's jobs it caused (the worker's part). */
async function requestPasswordReset(db: DbHandle['db'], email: string): Promise<void> {
  await enqueueReset(db, email);
  await runDueJobs(handle);
}
const outbox = () => path.join(process.env.DATA_DIR!, 'outbox');

function latestLink(): string {
  const files = fs.readdirSync(outbox()).sort();
  const raw = fs
    .readFileSync(path.join(outbox(), files.at(-1)!), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  return resetLinkIn(raw);
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

// The configuration is read when the app's modules load, as at a server's start.
vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR ?? '/tmp'}/impulsa-reset-${process.pid}-${Date.now()}`;
  process.env.SITE_URL = 'https://impulsa.example';
  delete process.env.SMTP_URL;
});

beforeAll(async () => {
  handle = await openDatabase({ pgliteDir: 'memory://' });
  await createUser(handle.db, {
    email: 'rosa@ejemplo.cl',
    fullName: 'Rosa Díaz',
    password: 'contraseña-vieja',
  });
}, 60_000);
afterAll(() => handle?.close());

// Revoking credentials publishes an invalidation, which opens the process's own database the
// first time: generous limits.
describe('password reset', { timeout: 30_000 }, () => {
  it('mails a link built from SITE_URL with a 256-bit token stored only as a hash', async () => {
    await requestPasswordReset(handle.db, 'rosa@ejemplo.cl');
    const link = latestLink();
    expect(link.startsWith('https://impulsa.example/login/reset-password?token=')).toBe(true);
    const token = tokenOf(link);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const rows = await handle.db.select().from(passwordResets);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    const mail = fs.readFileSync(
      path.join(outbox(), fs.readdirSync(outbox()).sort().at(-1)!),
      'utf8',
    );
    expect(mail).toMatch(/^Subject: /m);
    expect(mail).toContain('Recibimos una solicitud para cambiar la');
  });

  it('asks the same of the database whether or not the account exists: one queue insert', async () => {
    const asked: string[] = [];
    const counting = new Proxy(handle.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          asked.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const before = await handle.db.select().from(jobs).where(eq(jobs.kind, 'password-reset'));
    await requestPasswordReset(counting, 'rosa@ejemplo.cl');
    const known = asked.splice(0);
    await requestPasswordReset(counting, 'nadie-aqui@ejemplo.cl');
    expect(asked).toEqual(known);
    const after = await handle.db.select().from(jobs).where(eq(jobs.kind, 'password-reset'));
    expect(after.length - before.length).toBe(2);
  });

  it('does nothing (and sends nothing) for an unknown email', async () => {
    const before = fs.readdirSync(outbox()).length;
    await requestPasswordReset(handle.db, 'nadie@ejemplo.cl');
    expect(fs.readdirSync(outbox()).length).toBe(before);
  });

  it('sets the password once, revokes every token, and the link cannot be used again', async () => {
    const user = (await findUserByEmail(handle.db, 'rosa@ejemplo.cl'))!;
    const session = await issueToken(handle.db, user.id);
    await requestPasswordReset(handle.db, user.email);
    const token = tokenOf(latestLink());
    await resetPassword(handle.db, token, 'contraseña-nueva');
    const updated = (await findUserByEmail(handle.db, user.email))!;
    expect(await verifyPassword(updated.passwordHash, 'contraseña-nueva')).toBe(true);
    expect(await resolveToken(handle.db, session)).toBeNull();
    expect(await handle.db.select().from(authTokens).where(eq(authTokens.userId, user.id))).toEqual(
      [],
    );
    await expect(resetPassword(handle.db, token, 'otra-contraseña')).rejects.toMatchObject({
      status: 400,
    });
  });

  it('refuses an expired link', async () => {
    await requestPasswordReset(handle.db, 'rosa@ejemplo.cl');
    const token = tokenOf(latestLink());
    await handle.db.update(passwordResets).set({ expiresAt: sql`now() - interval '1 second'` });
    await expect(resetPassword(handle.db, token, 'contraseña-nueva-2')).rejects.toMatchObject({
      status: 400,
    });
  });

  it('a new reset kills older outstanding links', async () => {
    await requestPasswordReset(handle.db, 'rosa@ejemplo.cl');
    const first = tokenOf(latestLink());
    await requestPasswordReset(handle.db, 'rosa@ejemplo.cl');
    const second = tokenOf(latestLink());
    await resetPassword(handle.db, second, 'contraseña-nueva-3');
    await expect(resetPassword(handle.db, first, 'contraseña-nueva-4')).rejects.toMatchObject({
      status: 400,
    });
  });
});
