// What `npm run bench` and `npm run lighthouse` share: the built app started as a child process
// on a free port, and a seller with a shop, a photo, a published product and a published site
// made through the API, as a person would make them.
import { spawn } from 'node:child_process';
import net from 'node:net';
import sharp from 'sharp';
import { root } from './ensure-built.mjs';
import { SERVER_ENV, SERVER_NODE_ARGS } from './server-process.mjs';

/** The subdomain of the fixture's published site (its host is `<it>.localhost`). */
export const SITE_SUBDOMAIN = 'bench-sitio';

export function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Spawns `node args…` (on core `cpu` alone, if given) and resolves once it printed `ready`. */
export function startChild(args, env, ready, cpu) {
  return new Promise((resolve, reject) => {
    const [command, argv] = cpu
      ? ['taskset', ['-c', cpu, process.execPath, ...args]]
      : [process.execPath, args];
    const child = spawn(command, argv, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d) => {
      out += d;
      if (out.includes(ready)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
  });
}

/**
 * Starts the built app (scripts/serve.mjs, as `npm run serve` does) on `port`, on core `cpu` if
 * given, with Node's `nodeArgs` added (the profiler's `--inspect`).
 */
export function startApp(env, port, cpu, nodeArgs = []) {
  return startChild(
    [...SERVER_NODE_ARGS, ...nodeArgs, 'scripts/serve.mjs'],
    { ...SERVER_ENV, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    'Impulsa está corriendo',
    cpu,
  );
}

/** Stops a child and waits until it exited (PGlite's folder lock is free then). */
export function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** A JSON API client for the app at `origin` (the seller's token per call). */
export function apiClient(origin) {
  return async function api(method, p, body, token) {
    const headers = { Origin: origin, Accept: 'application/json' };
    if (token) headers.Authorization = `Token ${token}`;
    if (body !== undefined && !(body instanceof FormData))
      headers['Content-Type'] = 'application/json';
    const send = () =>
      fetch(origin + p, {
        method,
        headers,
        body:
          body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      });
    // A keep-alive socket the server closed while this process was busy (a synchronous wrk run)
    // fails before anything is sent: that request is sent again, once, on a fresh socket.
    const res = await send().catch((error) => {
      if (!/EPIPE|ECONNRESET|UND_ERR_SOCKET/.test(String(error?.cause?.code))) throw error;
      return send();
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${p} → ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/**
 * A seller with a shop, a photo, one published product with it and a published site (the
 * "tienda" template: hero, the products grid, WhatsApp) on `SITE_SUBDOMAIN`.
 */
export async function seedShop(api) {
  const email = `bench-${Date.now()}@impulsa.test`;
  const { token } = await api('POST', '/api/users/register/', {
    email,
    password: 'una-clave-segura',
    full_name: 'Carla Benchmark',
  });
  await api(
    'PATCH',
    '/api/store/',
    {
      name: 'Cerámica del Sur',
      whatsapp: '+56912345678',
      // Who sells (Ley 19.496): without it the shop takes no orders.
      legal_name: 'Carla Benchmark',
      legal_rut: '12.345.678-5',
      legal_address: 'Av. Italia 1234, Ñuñoa',
      version: 0,
    },
    token,
  );
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 190, g: 110, b: 70 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('file', new Blob([photo], { type: 'image/jpeg' }), 'taza.jpg');
  form.set('alt', 'Taza de greda esmaltada');
  const media = await api('POST', '/api/media/', form, token);
  const product = await api(
    'POST',
    '/api/products/',
    {
      name: 'Taza de greda esmaltada',
      description:
        '<p>Hecha a mano en Pomaire. <strong>Apta para lavavajillas.</strong></p>' +
        '<ul><li>350 ml</li><li>Esmalte sin plomo</li></ul>',
      price: 12990,
      compare_at_price: 15990,
      stock: 3,
      published: true,
      images: [media.id],
    },
    token,
  );
  const site = await api(
    'POST',
    '/api/sites/',
    { name: 'Cerámica del Sur', subdomain: SITE_SUBDOMAIN, template: 'tienda' },
    token,
  );
  await api('POST', `/api/sites/${site.id}/publish/`, undefined, token);
  return { email, token, product, site };
}
