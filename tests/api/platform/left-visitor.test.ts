/**
 * A request that waits in the turn queue (`server/http/turn-queue.ts`) behind a burst of renders
 * is not rendered when its visitor leaves first (`server/http/serve.ts`). A sign-up counts against
 * its address's limit before it reads its body (Node has dropped that body by then): ten sign-ups
 * reset while they waited must leave the address all ten of its attempts. On PGlite a render runs
 * whole once started, so the check in `serve.ts` is what stops them (this fails without it).
 */
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { RATE_RULES } from '@/lib/accounts/rate-rules';
import { ApiClient, uniqueEmail } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers();

/**
 * Connections in the burst, and requests pipelined on each. Node parses a connection's next
 * request only after its answer, so what stands before the sign-ups is one render a connection:
 * 300 of them (some 150 ms) outlast the leavers with room to spare when the machine is busy.
 */
const CONNECTIONS = 300;
const PIPELINED = 3;

/** Waits `ms` without yielding to the event loop: libuv writes a socket's bytes at once. */
function spin(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** An open connection that collects what the server sends. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, received: () => received };
}

/**
 * Opens a connection and waits for the answer to one request for a build file: the server has
 * accepted it. libuv accepts one connection per turn, so a connection still waiting to be accepted
 * when the sign-ups arrive was read after the burst had drained, and its sign-up rendered at once,
 * before its reset was seen (the flake this replaced).
 */
async function accepted(port: number, host: string) {
  const connection = await connect(port);
  connection.socket.write(`GET /favicon.svg HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
  await answers(connection, 1);
  return connection;
}

/** Resolves once `count` answers' status lines have arrived on `connection`. */
async function answers(connection: Awaited<ReturnType<typeof connect>>, count: number) {
  for (let waited = 0; waited < 30_000; waited += 20) {
    const statuses = connection.received().match(/^HTTP\/1\.1 \d{3}/gm) ?? [];
    if (statuses.length >= count) return statuses;
    await sleep(20);
  }
  throw new Error(`no ${count} answers in 30 s`);
}

describe.each(servers)('on $kind', ({ url }) => {
  it('sign-ups whose visitors left while they waited behind a burst are not rendered', async () => {
    const port = Number(new URL(url).port);
    const host = new URL(url).host;
    const burst = await Promise.all(
      Array.from({ length: CONNECTIONS }, () => accepted(port, host)),
    );
    const { limit } = RATE_RULES.registerPerIp;
    const leaving = await Promise.all(Array.from({ length: limit }, () => accepted(port, host)));
    const client = new ApiClient(url);

    // `/landing` with a query is rendered anew each time, with no database: busy on both engines.
    for (const [i, { socket }] of burst.entries()) {
      let requests = '';
      for (let n = 0; n < PIPELINED; n++)
        requests += `GET /landing?rafaga=${i}-${n} HTTP/1.1\r\nHost: ${host}\r\n\r\n`;
      socket.write(requests);
    }
    // Waited without yielding: the answers streaming back must not delay the leavers (under load
    // a timer here fired after the whole burst was answered, and the leavers were rendered).
    spin(10);
    for (const { socket } of leaving) {
      const body = JSON.stringify({
        email: uniqueEmail('se-fue'),
        password: 'una-clave-segura',
        full_name: 'Ana Pérez',
      });
      socket.write(
        `POST /api/users/register/ HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${url}\r\n` +
          `X-Forwarded-For: ${client.ip}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    spin(10);
    for (const { socket } of leaving) socket.resetAndDestroy();

    const statuses = await Promise.all(
      burst.map((connection) => answers(connection, 1 + PIPELINED)),
    );
    for (const { socket } of burst) socket.destroy();
    expect(statuses.flat()).toEqual(Array(CONNECTIONS * (1 + PIPELINED)).fill('HTTP/1.1 200'));

    // Had they been rendered, the address would have spent its attempts (a 429).
    const after = await client.post('/api/users/register/', {
      email: uniqueEmail('se-quedo'),
      password: 'una-clave-segura',
      full_name: 'Ana Pérez',
    });
    expect(after.status).toBe(201);
  }, 60_000);
});
