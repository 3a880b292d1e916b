// A provider's local stand-in from `tests/support/` (the one the tests talk to) for the bench's
// rows that reach a provider: bundled by esbuild into plain JavaScript and started as a child on
// wrk's core, since it stands for the network and the provider, not for the server measured.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { freePort, startChild } from '../app-fixture.mjs';
import { root } from '../ensure-built.mjs';

/**
 * Starts `tests/support/{name}.ts`'s `start` function on a free port, in `dir`, on core `cpu`,
 * with `options` (JSON) besides the port: its URL, its child and the module's exports.
 */
export async function startLocalPeer(dir, cpu, name, start, options = {}) {
  const bundle = path.join(dir, `${name}.mjs`);
  await build({
    entryPoints: [path.join(root, `tests/support/${name}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundle,
    logLevel: 'silent',
  });
  const launcher = path.join(dir, `${name}-launcher.mjs`);
  fs.writeFileSync(
    launcher,
    `const peer = await import(${JSON.stringify(bundle)});\n` +
      `await peer.${start}({ ...${JSON.stringify(options)}, port: Number(process.env.PORT) });\n` +
      `console.log('ready');\n`,
  );
  const port = await freePort();
  const child = await startChild([launcher], { PORT: String(port) }, 'ready', cpu);
  return { url: `http://127.0.0.1:${port}`, child, exports: await import(bundle) };
}

/** The local Flow, its rate limit lifted: the row measures the app placing orders, not Flow's 429s. */
export async function startLocalFlow(dir, cpu) {
  const peer = await startLocalPeer(dir, cpu, 'flow', 'startFlow', {
    rate: Number.MAX_SAFE_INTEGER,
  });
  const { FLOW_API_KEY, FLOW_SECRET_KEY } = peer.exports;
  return { ...peer, account: { api_key: FLOW_API_KEY, secret_key: FLOW_SECRET_KEY } };
}

/** The local Shipit, for the checkout row with courier options. */
export async function startLocalShipit(dir, cpu) {
  const peer = await startLocalPeer(dir, cpu, 'shipit', 'startShipit');
  const { SHIPIT_EMAIL, SHIPIT_TOKEN } = peer.exports;
  return { ...peer, account: { email: SHIPIT_EMAIL, token: SHIPIT_TOKEN } };
}
