// `npm start`: builds when dist/ is missing or older than the sources, then serves.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, root } from './ensure-built.mjs';
import { SERVER_ENV, SERVER_NODE_ARGS } from './server-process.mjs';

ensureBuilt();
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'scripts/serve.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...SERVER_ENV, ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
// `npm start` runs this under a shell that npm signals and that does not pass SIGTERM on: when
// this process is left behind (its parent gone), the server stops as if it had been told.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) child.kill('SIGTERM');
}, 250).unref();
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
