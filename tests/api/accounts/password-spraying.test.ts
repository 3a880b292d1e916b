/**
 * A password-guessing run cannot lock the owner out (issue 45): wrong passwords from many
 * addresses pause only new browsers, each address and account pair waits on its own, and the
 * owner signs in from a browser the account knows, or from a new one after the mailed link.
 * A reset request answers the same whether or not the account exists.
 */
import { describe, expect, inject, it } from 'vitest';
import { NEW_DEVICE_PAUSED } from '@/lib/accounts/sign-in.server';
import { ApiClient, awayFromWindowEdge, uniqueEmail } from '../../support/http';
import { decodedMail, waitForMailWith } from '../../support/smtp';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });
const mailDir = inject('mailDir');

const login = (client: ApiClient, email: string, password: string) =>
  client.post('/api/users/login/', { email, password });

describe.each(servers)('password spraying on $kind', ({ url }) => {
  it('the owner signs in during the run: from a known browser, and from a new one after the mailed link', async () => {
    await awayFromWindowEdge(60 * 60, 90_000);
    const owner = new ApiClient(url);
    const account = await owner.register({ email: uniqueEmail('duena') });
    const email = account.user.email;

    // 60 guesses, each from another address: none gets in, and none locks anybody out.
    const answers: number[] = [];
    for (let i = 0; i < 60; i++)
      answers.push((await login(new ApiClient(url), email, `adivina-${i}-clave`)).status);
    expect(answers.filter((s) => s === 200)).toEqual([]);
    expect(answers.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(answers.slice(20).every((s) => s === 429)).toBe(true);

    // The owner's own browser still signs in with the right password.
    expect((await login(owner, email, account.password)).status).toBe(200);

    // A new browser is paused, and the owner gets a link for it.
    const phone = new ApiClient(url);
    const paused = await login(phone, email, account.password);
    expect(paused.status).toBe(429);
    expect(paused.body.message).toBe(NEW_DEVICE_PAUSED);
    // It says how long the pause lasts: the rest of the account's window of failures.
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
    const mail = await waitForMailWith(mailDir, email, 'dispositivo nuevo', decodedMail, 15_000);
    const link = /https?:\/\/\S+\/login\/desbloquear\?token=[A-Za-z0-9_-]+/.exec(mail)![0];
    const token = new URL(link).searchParams.get('token')!;
    const page = await phone.get(`/login/desbloquear?token=${token}`, {
      headers: { Accept: 'text/html' },
    });
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('Este navegador es mío');
    const unlocked = await phone.request(
      'POST',
      '/login/desbloquear?_action=accounts.unlockDevice',
      {
        raw: new URLSearchParams({ token }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(unlocked.status).toBe(303);
    expect((await login(phone, email, account.password)).status).toBe(200);
    // The link works once.
    const again = await new ApiClient(url).request(
      'POST',
      '/login/desbloquear?_action=accounts.unlockDevice',
      {
        raw: new URLSearchParams({ token }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(again.status).toBe(400);

    // An account nobody attacks: one address's guesses make that address wait, not the owner.
    const calm = new ApiClient(url);
    const other = await calm.register({ email: uniqueEmail('tranquila') });
    const guesser = new ApiClient(url);
    const tries = [];
    for (let i = 0; i < 11; i++)
      tries.push((await login(guesser, other.user.email, `mala-${i}-clave`)).status);
    expect(tries.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(tries[10]).toBe(429);
    expect((await login(new ApiClient(url), other.user.email, other.password)).status).toBe(200);
  }, 120_000);

  it('a reset request answers the same whether or not the account exists', async () => {
    // That it also costs the same is structural (one queue insert either way, unit-tested in
    // password-reset.test.ts): a timed claim here failed under a loaded CI.
    const existing = (await new ApiClient(url).register()).user.email;
    const answers = await Promise.all(
      [existing, uniqueEmail('nadie')].map((email) =>
        new ApiClient(url).post('/api/users/request-password-reset/', { email }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
  });
});
