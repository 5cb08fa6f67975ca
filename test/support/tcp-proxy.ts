import type { AddressInfo } from 'node:net';
import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy between the app and PostgreSQL, to play the database going away and coming back:
 * `cut()` drops every connection and refuses new ones, `restore()` lets them through again; `stall()`
 * keeps every connection open but lets nothing through (a hung server or network) until `resume()`;
 * `cutAtNext(pattern)` drops the one connection whose client next sends bytes matching the pattern
 * (a connection lost at the worst moment, such as right at BEGIN).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  let stalled = false;
  const held: (() => void)[] = [];
  let cutAt: RegExp | null = null;

  /** Forwards from one socket to the other; while stalled, what arrives waits. */
  const forward = (from: Socket, to: Socket) =>
    from.on('data', (chunk) => {
      if (to.destroyed) return;
      if (stalled) held.push(() => to.write(chunk));
      else to.write(chunk);
    });

  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new NetSocket();
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.on('data', (chunk) => {
          if (cutAt?.test(chunk.toString('latin1'))) {
            cutAt = null;
            client.destroy();
            upstream.destroy();
          }
        });
        forward(client, upstream);
        forward(upstream, client);
        upstream.connect(target.port, target.host);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });

  const close = async () => {
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
    for (const socket of sockets) socket.destroy();
    held.length = 0;
    await closed;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    cut: close,
    restore: listen,
    stall() {
      stalled = true;
    },
    cutAtNext(pattern: RegExp) {
      cutAt = pattern;
    },
    resume() {
      stalled = false;
      for (const send of held.splice(0)) send();
    },
    close,
  };
}
