import net, { type AddressInfo } from 'node:net';

/**
 * A loopback TCP proxy to stand between the app and PostgreSQL or Redis. `cut()` is the dependency
 * going away (a restart, a failover): open connections are reset and new ones refused until `restore()`.
 */
export interface TcpProxy {
  port: number;
  /** The target URL with host and port replaced by the proxy's. */
  url(target: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<net.Socket>();
  const makeServer = () =>
    net.createServer((client) => {
      const upstream = net.connect(targetPort, targetHost);
      pairs.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        pairs.delete(client);
        pairs.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
  let server: net.Server | null = makeServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const stop = async () => {
    const s = server;
    server = null;
    for (const socket of pairs) socket.destroy();
    pairs.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  return {
    port,
    url(target) {
      const u = new URL(target);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut: stop,
    async restore() {
      if (server) return;
      const s = makeServer();
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
      });
      server = s;
    },
    close: stop,
  };
}
