// What npm cannot install: a Debian package the tests or the bench run (Chromium, Caddy, wrk),
// installed with apt-get when it is missing and we are root; otherwise the one command to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Makes sure `binary` exists, installing Debian's `pkg` if it can; exits with a Spanish message if not. */
export function ensureDebianPackage(binary, pkg) {
  if (fs.existsSync(binary)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Falta ${pkg} (${binary}). Instálalo con:\n  sudo apt-get install -y ${pkg}`);
    process.exit(1);
  }
  console.log(`Instalando ${pkg} de Debian (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok =
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env }).status === 0;
  if (!ok || !fs.existsSync(binary)) {
    console.error(`No se pudo instalar ${pkg}. Ejecuta: apt-get install -y ${pkg}`);
    process.exit(1);
  }
}
