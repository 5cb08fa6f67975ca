import type { AddressInfo } from 'node:net';
import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy between the app and PostgreSQL, to play the database going away and coming back:
 * `cut()` drops every connection and refuses new ones, `restore()` lets them through again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new NetSocket();
        upstream.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
    async close() {
      const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
