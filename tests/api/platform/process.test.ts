/** The server process: one owner per PGlite folder, clean shutdown on SIGTERM, its background jobs. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { PICKUP, setDelivery, SELLER_IDENTITY } from '../../support/shop';
import { freePort, ROOT, startServer, tempDir } from '../../support/server';

describe('server process', () => {
  it('a second server on the same DATA_DIR exits with a clear message; SIGTERM closes cleanly', async () => {
    const dataDir = tempDir();
    const first = await startServer({ DATA_DIR: dataDir });
    try {
      const error = await startServer({ DATA_DIR: dataDir }).catch(
        (e: { code?: number; output?: string }) => e,
      );
      expect((error as { code?: number }).code).toBe(1);
      expect((error as { output?: string }).output).toContain('Otra instancia de Impulsa');
      expect((await fetch(`${first.url}/api/health/`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'impulsa.lock'))).toBe(false);
    // The folder opens again after a clean shutdown, with its data.
    const again = await startServer({ DATA_DIR: dataDir });
    expect((await (await fetch(`${again.url}/api/health/`)).json()).database).toBe('pglite');
    expect(await again.stop()).toBe(0);
  }, 90_000);

  it('a variable of the wrong type stops the start with its name, not a silent default', async () => {
    const error = await startServer({ DATA_DIR: tempDir(), ORDER_RATE_LIMIT: 'sesenta' }).catch(
      (e: { code?: number; output?: string }) => e,
    );
    expect((error as { code?: number }).code).toBe(1);
    expect((error as { output?: string }).output).toMatch(/ORDER_RATE_LIMIT.*invalid/);
    expect((error as { output?: string }).output).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('the build carries drizzle-orm inside it: Node never resolves its files at start', () => {
    const dist = path.join(ROOT, 'dist/server');
    const files = fs
      .readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.mjs'));
    expect(files.length).toBeGreaterThan(10);
    const importing = files.filter((f) =>
      // An import statement at a line's start (drizzle's own doc comments quote imports too).
      /^import\b[^;]*["']drizzle-orm/m.test(fs.readFileSync(path.join(dist, f), 'utf8')),
    );
    expect(importing).toEqual([]);
  });

  it('SIGTERM to `npm start` stops the server it started', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DATA_DIR: tempDir(), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    npm.stdout.on('data', (d) => (out += d));
    npm.stderr.on('data', (d) => (out += d));
    await expect.poll(() => out, { timeout: 60_000, interval: 200 }).toContain('está corriendo');
    expect((await fetch(`http://127.0.0.1:${port}/api/health/`)).status).toBe(200);
    npm.kill('SIGTERM');
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/api/health/`).then(
            () => 'listening',
            () => 'stopped',
          ),
        { timeout: 10_000, interval: 250 },
      )
      .toBe('stopped');
  }, 90_000);

  it('a restarted server sweeps lapsed orders at start, before any visitor (the order sweeper runs)', async () => {
    const dataDir = tempDir();
    // An unpaid transfer keeps its stock for 2 seconds.
    const env = { DATA_DIR: dataDir, ORDER_HOLD_HOURS: String(2 / 3600) };
    const first = await startServer(env);
    const api = new ApiClient(first.url);
    const { token } = await api.register();
    await api.patch(
      '/api/store/',
      {
        ...SELLER_IDENTITY,
        name: 'Dulces Rosa',
        transfer_details: 'Banco Estado, cuenta RUT 12.345.678-5, Rosa Pérez',
        version: 0,
      },
      { token },
    );
    await setDelivery(api, token, { pickup_points: [PICKUP] });
    const product = (
      await api.post(
        '/api/products/',
        { name: 'Alfajor', price: 1500, stock: 1, published: true },
        { token },
      )
    ).body;
    const buyer = { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' };
    const placed = await new ApiClient(first.url).post('/api/orders/', {
      buyer,
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
      items: [{ product: product.id, quantity: 1 }],
    });
    expect(placed.status).toBe(201);
    expect((await api.get(`/api/products/${product.id}/`, { token })).body.stock).toBe(0);
    expect(await first.stop()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2500));

    const again = await startServer({ ...env, LOG_LEVEL: 'info' });
    try {
      // Nobody asks anything of the new server: it sweeps on its own, and says so in its log.
      const deadline = Date.now() + 30_000;
      while (!again.output().includes('"msg":"orders swept"') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(again.output()).toContain('"msg":"orders swept","reconciled":0,"lapsed":1');
      const order = (
        await new ApiClient(again.url).get(`/api/orders/${placed.body.id}/`, { token })
      ).body;
      expect(order).toMatchObject({
        status: 'cancelado',
        reason: 'No se recibió el pago a tiempo.',
      });
      expect(
        (await new ApiClient(again.url).get(`/api/products/${product.id}/`, { token })).body.stock,
      ).toBe(1);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  }, 90_000);
});
