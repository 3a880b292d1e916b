/**
 * Nothing promised is lost: the mails of orders placed while the mail server is away arrive once
 * it is back, each once; an order whose server was killed right after its 201 still gets its mail
 * after the restart; two instances on one PostgreSQL database deliver each mail once and run the
 * order sweep once per period; a mail given up is shown to its seller, to the staff («Envíos») and
 * to `npm run jobs`, and a retry sends it. On PGlite and PostgreSQL alike.
 */

/**
 * Runs an operator's script against `env`'s database, without blocking this process: a synchronous
 * spawn froze the event loop long enough for the server to close an idle keep-alive socket that
 * the next fetch then reused ("other side closed").
 */
function script(name: string, args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [`scripts/${name}`, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STAFF } from '../../support/global-setup';
import { acceptTerms, ApiClient, uniqueEmail } from '../../support/http';
import { createTestDatabase, ENGINES, TEST_DATABASE_URL } from '../../support/postgres';
import {
  FAST_QUEUE,
  freePort,
  ROOT,
  startServer,
  tempDir,
  type RunningServer,
} from '../../support/server';
import { openShop } from '../../support/shop';
import { startSmtp, type TestSmtp } from '../../support/smtp';

const OUTAGE_MS = 60_000;

/** The mails received so far, by recipient: how many, and their Message-IDs. */
function inbox(dir: string): Map<string, string[]> {
  const byRecipient = new Map<string, string[]>();
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!file.endsWith('.eml')) continue;
    const to = file.replace(/^\d+-\d+-/, '').replace(/\.eml$/, '');
    const id = /^Message-ID: (.+)$/im.exec(fs.readFileSync(`${dir}/${file}`, 'utf8'))?.[1] ?? '';
    byRecipient.set(to, [...(byRecipient.get(to) ?? []), id.trim()]);
  }
  return byRecipient;
}

async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function placeOrder(url: string, productId: number, email: string) {
  const placed = await new ApiClient(url).post('/api/orders/', {
    items: [{ product: productId, quantity: 1 }],
    buyer: { name: 'Camila Soto', email, phone: '9 8765 4321' },
    delivery: { method: 'retiro' },
    payment_method: 'transferencia',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body as { id: number; number: string };
}

describe.concurrent('mail on the durable queue', () => {
  it.each(ENGINES)(
    '$kind: SMTP away 60 s under orders and a kill -9 after a 201: every mail arrives, once',
    async ({ database }) => {
      const mailDir = tempDir('impulsa-queue-mail-');
      let smtp: TestSmtp = await startSmtp(mailDir);
      const db = await database();
      const env = { ...db.env, ...FAST_QUEUE, SMTP_URL: smtp.url, DATA_DIR: tempDir() };
      let server: RunningServer = await startServer(env);
      try {
        const api = new ApiClient(server.url);
        const seller = await api.register();
        const { product } = await openShop(api, seller.token, { product: { stock: 100 } });

        await smtp.close();
        const away = Date.now();
        const buyers = Array.from({ length: 12 }, (_, i) => uniqueEmail(`sin-correo-${i}`));
        for (const email of buyers) await placeOrder(server.url, product.id, email);

        // The last order's server dies at once: its mail waits in the table, not in memory.
        const last = uniqueEmail('kill');
        await placeOrder(server.url, product.id, last);
        server.proc.kill('SIGKILL');
        await new Promise((r) => server.proc.once('exit', r));
        server = await startServer({ ...env, PORT: String(server.port) });

        await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - away))));
        expect(inbox(mailDir).size).toBe(0);
        smtp = await startSmtp(mailDir, smtp.port);

        const everyone = [...buyers, last];
        await waitFor(
          () => {
            const box = inbox(mailDir);
            return (
              everyone.every((b) => box.has(b)) &&
              (box.get(seller.user.email)?.length ?? 0) >= everyone.length
            );
          },
          30_000,
          'the mails after the outage',
        );
        // Another round of retries would show a repeat by now.
        await new Promise((r) => setTimeout(r, 4000));
        const box = inbox(mailDir);
        for (const b of everyone) expect(box.get(b), b).toHaveLength(1);
        const sellerIds = box.get(seller.user.email)!;
        expect(sellerIds).toHaveLength(everyone.length);
        const ids = [...everyone.flatMap((b) => box.get(b)!), ...sellerIds];
        expect(ids.every((id) => /^<mail-\d+-\d+@/.test(id))).toBe(true);
        expect(new Set(ids).size).toBe(ids.length);
      } finally {
        await server.stop();
        await smtp.close();
        await db.drop();
      }
    },
    180_000,
  );

  it.skipIf(!TEST_DATABASE_URL)(
    'two instances on one PostgreSQL database deliver each mail once and run each sweep once',
    async () => {
      const mailDir = tempDir('impulsa-queue-two-');
      const smtp = await startSmtp(mailDir);
      const db = await createTestDatabase();
      const env = {
        DATABASE_URL: db.url,
        ...FAST_QUEUE,
        SMTP_URL: smtp.url,
        ORDER_SWEEP_SECONDS: '1',
        LOG_LEVEL: 'debug',
      };
      const first = await startServer(env);
      const second = await startServer({ ...env, SITE_URL: first.url });
      try {
        const api = new ApiClient(first.url);
        const seller = await api.register();
        const { product } = await openShop(api, seller.token, { product: { stock: 100 } });
        const buyers = Array.from({ length: 16 }, (_, i) => uniqueEmail(`dos-${i}`));
        await Promise.all(
          buyers.map((email, i) => placeOrder(i % 2 ? second.url : first.url, product.id, email)),
        );
        await waitFor(
          () => (inbox(mailDir).get(seller.user.email)?.length ?? 0) >= buyers.length,
          20_000,
          'the seller notices',
        );
        const sweeps = () =>
          (first.output() + second.output())
            .split('\n')
            .filter((l) => l.includes('"job done"') && l.includes('"orders-sweep"')).length;
        const before = sweeps();
        await new Promise((r) => setTimeout(r, 6000));
        const during = sweeps() - before;
        // Once a second between them: each on its own would make about twelve.
        expect(during).toBeGreaterThanOrEqual(3);
        expect(during).toBeLessThanOrEqual(8);
        const box = inbox(mailDir);
        for (const b of buyers) expect(box.get(b), b).toHaveLength(1);
        expect(box.get(seller.user.email)).toHaveLength(buyers.length);
      } finally {
        await Promise.all([first.stop(), second.stop()]);
        await smtp.close();
        await db.drop();
      }
    },
    120_000,
  );

  it.each(ENGINES)(
    '$kind: a mail given up is shown to the seller, the staff and `npm run jobs`, and a retry sends it',
    async ({ kind, database }) => {
      const mailDir = tempDir('impulsa-queue-failed-');
      const smtpPort = await freePort(); // nothing listens there yet
      const db = await database();
      const env = {
        ...db.env,
        ...FAST_QUEUE,
        JOB_GIVE_UP_HOURS: '0.0005', // 1.8 s
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        DATA_DIR: tempDir(),
      };
      const added = await script(
        'staff-add.mjs',
        [STAFF.email, '--name', STAFF.name, '--password', STAFF.password],
        env,
      );
      expect(added.status, added.stderr).toBe(0);
      const server = await startServer(env);
      let smtp: TestSmtp | undefined;
      try {
        const api = new ApiClient(server.url);
        const seller = await api.register();
        const { product } = await openShop(api, seller.token);
        const buyer = uniqueEmail('fallido');
        const order = await placeOrder(server.url, product.id, buyer);
        const asSeller = {
          useCookies: false,
          headers: { Accept: 'text/html', Cookie: `impulsa_session=${seller.token}` },
        };
        let page = '';
        const deadline = Date.now() + 20_000;
        while (Date.now() < deadline) {
          page = String((await api.get(`/ordenes/${order.id}`, asSeller)).body);
          if ((page.match(/No se pudo enviar/g) ?? []).length === 2) break;
          await new Promise((r) => setTimeout(r, 300));
        }
        expect(page).toContain(`Para ${buyer}`);
        expect(page.match(/No se pudo enviar/g)).toHaveLength(2);

        // The staff see it; anyone else finds no such page.
        const staff = await new ApiClient(server.url).post('/api/users/login/', {
          email: STAFF.email,
          password: STAFF.password,
        });
        expect(staff.status, JSON.stringify(staff.body)).toBe(200);
        const asStaff = {
          useCookies: false,
          headers: { Accept: 'text/html', Cookie: `impulsa_session=${staff.body.token}` },
        };
        // Added by an operator, the staff member is asked to accept the terms before any page.
        const asked = await api.get('/backoffice/envios', asStaff);
        expect([asked.status, asked.headers.get('location')]).toEqual([302, '/terminos/aceptar']);
        await acceptTerms(server.url, staff.body.token);
        const enviosPage = await api.get('/backoffice/envios', asStaff);
        const envios = String(enviosPage.body);
        expect(enviosPage.status, envios.slice(0, 3000)).toBe(200);
        expect(envios).toContain(buyer);
        expect((await api.get('/backoffice/envios', asSeller)).status).toBe(404);
        const jobId = /name="job" value="(\d+)"/.exec(envios.slice(envios.indexOf(buyer)))?.[1];
        expect(jobId).toBeDefined();

        const listed = await script('jobs.mjs', [], env);
        if (kind === 'pglite') {
          // PGlite serves one process: a sentence, not a stack trace.
          expect(listed.status).toBe(1);
          expect(listed.stderr).toContain('está abierta por un servidor en marcha');
          expect(listed.stderr).not.toMatch(/\n\s+at /);
          const staffAdd = await script('staff-add.mjs', ['otra@impulsa.test'], env);
          expect(staffAdd.status).toBe(1);
          expect(staffAdd.stderr).toContain('está abierta por un servidor en marcha');
          expect(staffAdd.stderr).not.toMatch(/\n\s+at /);
        } else {
          expect(listed.status, listed.stderr).toBe(0);
          expect(listed.stdout).toMatch(/fallidos: 2/);
          expect(listed.stdout).toContain(buyer);
        }

        // The mail server is back; the staff retry the buyer's mail from «Envíos».
        smtp = await startSmtp(mailDir, smtpPort);
        const retried = await fetch(`${server.url}/backoffice/envios?_action=backoffice.retry`, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Origin: server.url,
            Cookie: `impulsa_session=${staff.body.token}`,
          },
          body: new URLSearchParams({ job: jobId! }),
        });
        expect(retried.status).toBe(303);
        await waitFor(() => inbox(mailDir).has(buyer), 10_000, 'the retried mail');
        if (kind === 'postgres') {
          const again = await script('jobs.mjs', ['retry', jobId!], env);
          expect(again.status).toBe(1);
          expect(again.stderr).toContain(`No hay un trabajo fallido con el número ${jobId}`);
        }
      } finally {
        await server.stop();
        await smtp?.close();
        await db.drop();
      }
    },
    90_000,
  );
});
