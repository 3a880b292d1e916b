// Serves the built app (dist/) without rebuilding: the launcher of src/lib/server/http/serve.ts,
// which the build carries as `start()` of dist/server/runtime.mjs. Run with the project's Node 24
// (npm scripts put it first on PATH).
import './tick-shape.mjs';
import './boot.mjs';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV ||= 'production';
process.env.ASTRO_NODE_AUTOSTART = 'disabled';

const entry = new URL('../dist/server/entry.mjs', import.meta.url);
const runtime = new URL('../dist/server/runtime.mjs', import.meta.url);
if (!fs.existsSync(fileURLToPath(entry)) || !fs.existsSync(fileURLToPath(runtime))) {
  console.error(
    'No hay una versión compilada en dist/. Ejecuta "npm run build" (o "npm start", que compila si hace falta).',
  );
  process.exit(1);
}

const { start } = await import(runtime.href).catch((error) => {
  // astro:env checks every variable as the app loads: say which is wrong, without a stack.
  if (error?.name !== 'EnvInvalidVariables') throw error;
  console.error(error.message);
  process.exit(1);
});
await start({ entry, clientDir: fileURLToPath(new URL('../dist/client/', import.meta.url)) });
