import net from "node:net";

export interface FreezableProxy {
  /** The loopback port it listens on. */
  port: number;
  /** Stop forwarding in both directions, keeping every socket open: a database that hangs. */
  freeze(): void;
  /** Forward again, what was held back first. */
  thaw(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on loopback to `target` that can play a frozen server: connections are still
 * accepted (as a stopped server's kernel does) but nothing passes until it thaws. Tests use
 * it to hang a database without touching the real server.
 */
export async function startFreezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  const sockets = new Set<net.Socket>();
  let frozen = false;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    if (frozen) socket.pause();
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    // Data events rather than pipe(): a paused socket must stay paused until thawed.
    client.on("data", (chunk) => upstream.write(chunk));
    upstream.on("data", (chunk) => client.write(chunk));
    for (const [one, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      one.on("error", () => other.destroy());
      one.on("close", () => other.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    port: (server.address() as net.AddressInfo).port,
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw() {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}
