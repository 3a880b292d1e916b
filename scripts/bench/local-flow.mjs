// The local Flow (`tests/support/flow.ts`, the one the tests pay at) for the bench's provider row:
// bundled by esbuild into plain JavaScript and started as a child on wrk's core, since it stands
// for the network and Flow, not for the server measured. Its rate limit is lifted: the row
// measures the app placing orders, not Flow's 429s.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { freePort, startChild } from '../app-fixture.mjs';
import { root } from '../ensure-built.mjs';

/** Starts it in `dir` on core `cpu`: its URL, its child, and the account it knows. */
export async function startLocalFlow(dir, cpu) {
  const bundle = path.join(dir, 'flow.mjs');
  await build({
    entryPoints: [path.join(root, 'tests/support/flow.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundle,
    logLevel: 'silent',
  });
  const launcher = path.join(dir, 'flow-launcher.mjs');
  fs.writeFileSync(
    launcher,
    `const { startFlow } = await import(${JSON.stringify(bundle)});\n` +
      `await startFlow({ port: Number(process.env.PORT), rate: Infinity });\n` +
      `console.log('ready');\n`,
  );
  const port = await freePort();
  const child = await startChild([launcher], { PORT: String(port) }, 'ready', cpu);
  const { FLOW_API_KEY, FLOW_SECRET_KEY } = await import(bundle);
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    account: { api_key: FLOW_API_KEY, secret_key: FLOW_SECRET_KEY },
  };
}
