import ipaddr from "ipaddr.js";

// What one client can move between: a home or office line is given a whole IPv4 /24 or IPv6
// /56 far more easily than a second network, so throttles that count the network, not the
// address, cannot be shaken off by taking the next address along.

/**
 * The network a client's address belongs to, as the throttles count it: an IPv4 /24, or an
 * IPv6 /56. An IPv4 address written as IPv6 (`::ffff:192.0.2.7`) is the IPv4 one; a zone
 * (`%eth0`) is dropped; anything that is not an address (`unknown`) stands for itself.
 * @example clientNetwork("192.0.2.77") // "192.0.2.0/24"
 * @example clientNetwork("2001:db8:7:aa42::1") // "2001:db8:7:aa00::/56"
 */
export function clientNetwork(address: string): string {
  const bare = address.trim().split("%")[0] ?? "";
  // Only the dotted four-part form: ipaddr.js also reads `1.2.3` and octal, which no socket reports.
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) ip = ipaddr.IPv4.parse(bare);
  else if (ipaddr.IPv6.isValid(bare)) ip = ipaddr.IPv6.parse(bare);
  else return address;
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress()) ip = ip.toIPv4Address();
  const prefix = ip.kind() === "ipv4" ? 24 : 56;
  const network = ip instanceof ipaddr.IPv4 ? ipaddr.IPv4 : ipaddr.IPv6;
  return `${network.networkAddressFromCIDR(`${ip.toString()}/${String(prefix)}`).toString()}/${String(prefix)}`;
}
