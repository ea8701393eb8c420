/**
 * The client's address: the socket's, unless the socket is a trusted proxy, in which case
 * the nearest X-Forwarded-For hop that is not one. A header from anyone else is ignored,
 * or any client could name itself.
 * @example clientFrom("10.0.0.2", "203.0.113.9, 10.0.0.1", ["10.0.0.1", "10.0.0.2"]) // "203.0.113.9"
 */
export function clientFrom(socket: string, forwardedFor: string | null, trusted: readonly string[]): string {
  if (!trusted.includes(socket) || !forwardedFor) return socket;
  const hops = forwardedFor
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? "";
    if (!trusted.includes(hop)) return hop;
  }
  return socket;
}
