// A loopback TCP proxy the fault suite puts between the app and PostgreSQL or Redis: the machine's own
// services are never stopped or firewalled, only this link is cut.
import net from 'node:net';

/**
 * How a cut link treats new connections:
 * - `refuse`: nothing listens on the port, so a connect fails at once (ECONNREFUSED), like a stopped server;
 * - `hold`: the connect succeeds but no byte ever comes back, like a network that drops packets or a hung
 *   server; this is what makes a client without its own timeouts wait forever.
 */
export type CutMode = 'refuse' | 'hold';

export interface TcpProxy {
  readonly port: number;
  /** `url` with its host and port replaced by this proxy's. */
  via(url: string): string;
  /** Destroys every open connection, then refuses or holds new ones until `restore()`. */
  cut(mode: CutMode): Promise<void>;
  /**
   * Forwards again. Held connections are forwarded too, with what their clients wrote meanwhile (as TCP
   * retransmits once a partition heals); a client that gave up on one has closed it already.
   */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  /** Both sockets of every forwarded pair, so a cut can destroy them all. */
  const live = new Set<net.Socket>();
  const held = new Set<net.Socket>();
  let mode: CutMode | 'open' = 'open';
  let server: net.Server;
  let port = 0;

  function forward(client: net.Socket): void {
    const upstream = net.connect(target.port, target.host);
    const pair = [client, upstream];
    for (const socket of pair) {
      live.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        live.delete(socket);
        // One side gone: the link is gone for the other too (no half-open pairs left behind).
        for (const other of pair) other.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  }

  function accept(client: net.Socket): void {
    client.on('error', () => undefined);
    if (mode === 'hold') {
      client.pause();
      held.add(client);
      client.once('close', () => held.delete(client));
      return;
    }
    forward(client);
  }

  async function listen(): Promise<void> {
    server = net.createServer({ pauseOnConnect: true }, accept);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('proxy has no port');
    port = address.port;
  }

  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  await listen();
  return {
    get port() {
      return port;
    },
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async cut(next) {
      if (mode !== 'open') throw new Error('the link is cut already');
      mode = next;
      for (const socket of [...live]) socket.destroy();
      // server.close() resolves once its connections are gone, which the loop above just did.
      if (next === 'refuse') await stopListening();
    },
    async restore() {
      if (mode === 'refuse') await listen();
      mode = 'open';
      for (const client of [...held]) {
        held.delete(client);
        if (!client.destroyed) forward(client);
      }
    },
    async close() {
      for (const socket of [...live, ...held]) socket.destroy();
      if (mode !== 'refuse') await stopListening();
    },
  };
}
