/** A TCP proxy that tests can cut and restore, to take a real database "down" and back. */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Refuse new connections and drop the open ones. */
  cut(): Promise<void>;
  /**
   * Keep every connection open but forward nothing, either way, on old and new connections
   * alike: a database that hangs (frozen, or a network that drops packets) rather than refuses.
   */
  freeze(): void;
  /** Accept and forward again (after `cut` or `freeze`). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let frozen = false;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => client.destroy());
        if (frozen) return client.pause();
        const upstream = net.connect(targetPort, targetHost);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = undefined;
    });

  const freeze = () => {
    frozen = true;
    for (const s of sockets) {
      s.unpipe();
      s.pause();
    }
  };
  const restore = async () => {
    if (frozen) {
      frozen = false;
      // The held connections never recover: drop them so the client opens fresh ones.
      for (const s of sockets) s.destroy();
    }
    if (!server) await listen();
  };

  await listen();
  return { port, cut: stop, freeze, restore, close: stop };
}
