import { isIPv6, type AddressInfo } from "node:net";

/** A host as it stands in a URL: an IPv6 address in brackets (RFC 3986 §3.2.2). */
export function urlHost(host: string): string {
  return isIPv6(host) ? `[${host}]` : host;
}

/**
 * Where this process reaches a server it listens with at `address`: the address itself, or
 * the loopback of its family when it listens on every address (connecting to 0.0.0.0 or ::
 * works on Linux only).
 */
export function ownOrigin({ address, family, port }: AddressInfo): string {
  const ipv6 = family === "IPv6";
  const unspecified = address === (ipv6 ? "::" : "0.0.0.0");
  const host = unspecified ? (ipv6 ? "::1" : "127.0.0.1") : address;
  return `http://${urlHost(host)}:${port}`;
}
