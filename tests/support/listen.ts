/** A local provider's HTTP server on 127.0.0.1: its base URL, its port, and a close that drops every connection. */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function listenLocal(
  server: http.Server,
  port = 0,
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
