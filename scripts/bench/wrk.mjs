// The load generator of `npm run bench`: wrk (Debian's package), pinned to its own core so that
// it is never the bottleneck, with a Lua script per row for the method, headers, body and, for a
// crawler's walk, a list of paths taken in turn.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackage } from '../debian.mjs';

/** The core wrk runs on; the servers run on the other (`SERVER_CPU`). */
export const WRK_CPU = '0';
export const SERVER_CPU = '1';

/** Installs Debian's wrk when it is missing (as root), as the tests do with Chromium. */
export const ensureWrk = () => ensureDebianPackage('/usr/bin/wrk', 'wrk');

const lua = (value) => JSON.stringify(value);

/** The Lua script of one row: its method, headers and body, or a walk over `paths` from `offset`. */
function script({ method = 'GET', headers = {}, body, paths, offset = 0 }) {
  const lines = [`wrk.method = ${lua(method)}`];
  for (const [name, value] of Object.entries(headers))
    lines.push(`wrk.headers[${lua(name)}] = ${lua(value)}`);
  if (body !== undefined) lines.push(`wrk.body = ${lua(body)}`);
  if (paths) {
    lines.push(`local paths = {${paths.map(lua).join(',')}}`);
    lines.push(`local i = ${offset}`);
    lines.push(
      'request = function() i = i + 1; return wrk.format(nil, paths[(i % #paths) + 1]) end',
    );
  }
  return lines.join('\n') + '\n';
}

const MS = { us: 0.001, ms: 1, s: 1000 };
const ms = (text) => {
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  return m ? Number(m[1]) * MS[m[2]] : NaN;
};

let scripts = 0;

/** wrk's command line for one run, its Lua script written to a file of its own. */
function command(url, { duration, connections, ...request }) {
  const file = path.join(os.tmpdir(), `impulsa-wrk-${process.pid}-${scripts++}.lua`);
  fs.writeFileSync(file, script(request));
  const args = [
    '-c',
    WRK_CPU,
    'wrk',
    '-t1',
    `-c${connections}`,
    `-d${duration}s`,
    // A slow answer is measured, not dropped as an error at wrk's default 2 s.
    '--timeout',
    '10s',
    '--latency',
    '-s',
    file,
    url,
  ];
  return { args, done: () => fs.rmSync(file, { force: true }) };
}

/** What one run measured: requests a second, p50 and p99 in ms, errors and non-2xx answers. */
function parse(url, status, out, err) {
  if (status !== 0) throw new Error(`wrk ${url}: ${err || out}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = ms(/\n\s+50%\s+(\S+)/.exec(out)?.[1] ?? '');
  const p99 = ms(/\n\s+99%\s+(\S+)/.exec(out)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { rps, p50, p99, errors: errors + non2xx };
}

/**
 * Runs wrk against `url` for `duration` seconds with `connections`: requests a second, p50 and
 * p99 in ms, and the count of errors and non-2xx answers.
 */
export function wrk(url, options) {
  const { args, done } = command(url, options);
  const run = spawnSync('taskset', args, { encoding: 'utf8' });
  done();
  return parse(url, run.status, run.stdout, run.stderr);
}

/**
 * Runs wrk against each `[url, options]` at the same moment, each wrk a process of its own on
 * wrk's core, and resolves with what each measured, in order. Two servers sharing one core this
 * way see the same machine at the same moment (`docs/decisions/2026-11-26-side-by-side-bench.md`).
 */
export function wrkTogether(targets) {
  return Promise.all(
    targets.map(
      ([url, options]) =>
        new Promise((resolve, reject) => {
          const { args, done } = command(url, options);
          const child = spawn('taskset', args);
          let out = '';
          let err = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (err += d));
          child.on('error', reject);
          child.on('close', (status) => {
            done();
            try {
              resolve(parse(url, status, out, err));
            } catch (error) {
              reject(error);
            }
          });
        }),
    ),
  );
}
