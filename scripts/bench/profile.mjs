// `npm run profile -- <path> [host]`: a CPU profile of the built app while wrk drives one path,
// taken over the inspector so that it covers the load alone (not the start or the seeding).
// Prints the functions with the most self time and writes the .cpuprofile (Chromium's DevTools
// opens it). The app is seeded as the bench seeds it; `{product}` in the path is its product's id.
// PROFILE_SECONDS (default 8) and PROFILE_HEADERS (JSON; `{token}` in a value is the seeded
// seller's token, as in `{"Authorization":"Token {token}"}`) set the run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiClient, freePort, startApp, stop } from '../app-fixture.mjs';
import { ensureBuilt } from '../ensure-built.mjs';
import { seedPages } from '../page-weights.mjs';
import { ensureWrk, SERVER_CPU, wrk } from './wrk.mjs';

const [template = '/', host] = process.argv.slice(2);
const seconds = Number(process.env.PROFILE_SECONDS || 8);
const extraHeaders = JSON.parse(process.env.PROFILE_HEADERS || '{}');

ensureBuilt();
ensureWrk();
const [port, inspectPort] = [await freePort(), await freePort()];
const app = await startApp(
  { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'impulsa-profile-')) },
  port,
  SERVER_CPU,
  [`--inspect=127.0.0.1:${inspectPort}`],
);
try {
  const seed = await seedPages(apiClient(`http://127.0.0.1:${port}`));
  const url = `http://127.0.0.1:${port}${template.replace('{product}', seed.product.id)}`;
  const headers = Object.fromEntries(
    Object.entries(extraHeaders).map(([name, value]) => [
      name,
      String(value).replace('{token}', seed.token),
    ]),
  );
  const request = { headers: { ...(host ? { Host: host } : {}), ...headers } };
  wrk(url, { ...request, duration: 2, connections: 50 }); // warm: JIT, caches
  const cdp = await inspector(inspectPort);
  await cdp('Profiler.enable');
  await cdp('Profiler.setSamplingInterval', { interval: 100 });
  await cdp('Profiler.start');
  const run = wrk(url, { ...request, duration: seconds, connections: 50 });
  const { profile } = await cdp('Profiler.stop');
  // A process with a debugger attached waits at exit until it leaves.
  cdp.close();
  const file = path.join(os.tmpdir(), `impulsa-${Date.now()}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  console.log(`${url}: ${Math.round(run.rps)} req/s, ${run.errors} errors; profile in ${file}\n`);
  printSelfTime(profile);
} finally {
  await stop(app);
}

/**
 * A CDP session over the inspector's WebSocket: `send(method, params)` resolves with the result;
 * `send.close()` ends the session.
 */
async function inspector(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const waiting = new Map();
  let id = 0;
  socket.onmessage = ({ data }) => {
    const message = JSON.parse(data);
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  };
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      waiting.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  send.close = () => socket.close();
  return send;
}

/** The 30 functions with the most samples of their own, with their share of all samples. */
function printSelfTime({ nodes, samples }) {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (const id of samples) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + 1);
  }
  const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30);
  for (const [name, count] of rows)
    console.log(`${((100 * count) / samples.length).toFixed(1).padStart(5)} %  ${name}`);
}
