/** A client that drips its request headers (slowloris) is cut off once the 15 s header timeout passes. */
import net from 'node:net';
import { describe, expect, inject, it } from 'vitest';

const [server] = inject('servers');

describe('slow request headers', () => {
  it('a connection that never finishes its headers is closed by about 20 s', async () => {
    const { port } = new URL(server!.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    socket.write('GET /landing HTTP/1.1\r\nHost: localhost\r\n');
    const drip = setInterval(
      () => socket.writable && socket.write(`X-Drip-${Date.now()}: 1\r\n`),
      1000,
    );
    const closedAfter = await new Promise<number>((resolve) => {
      socket.on('error', () => {});
      socket.once('close', () => resolve(Date.now() - started));
      setTimeout(() => resolve(Infinity), 25_000);
    });
    clearInterval(drip);
    socket.destroy();
    expect(closedAfter).toBeGreaterThanOrEqual(14_000);
    expect(closedAfter).toBeLessThanOrEqual(20_000);
  }, 30_000);
});
