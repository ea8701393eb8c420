import net from "node:net";

/**
 * `count` distinct TCP ports on loopback that nothing listens on just now. All are held
 * open until all are chosen: asked one at a time, the system may hand the same port twice.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer().listen(0, "127.0.0.1", () => {
            resolve(server);
          });
          server.once("error", reject);
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** A TCP port on loopback that nothing listens on just now. */
export async function freePort(): Promise<number> {
  const [port = 0] = await freePorts(1);
  return port;
}
