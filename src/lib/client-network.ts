// What one client can move between: a home or office line is given a whole IPv4 /24 or IPv6
// /56 far more easily than a second network, so throttles that count the network, not the
// address, cannot be shaken off by taking the next address along.

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const GROUP = /^[0-9a-f]{1,4}$/i;

/** The four bytes of a dotted IPv4 address; undefined for anything else. */
function ipv4Bytes(address: string): number[] | undefined {
  const bytes = IPV4.exec(address)?.slice(1).map(Number);
  return bytes?.every((b) => b <= 255) ? bytes : undefined;
}

/** Groups of 16 bits written in hex, with a dotted IPv4 tail read as two of them. */
function groupsOf(part: string): number[] | undefined {
  if (part === "") return [];
  const words = part.split(":");
  const [a, b, c, d] = ipv4Bytes(words.at(-1) ?? "") ?? [];
  const tail =
    a === undefined || b === undefined || c === undefined || d === undefined ? [] : [a * 256 + b, c * 256 + d];
  const hex = tail.length > 0 ? words.slice(0, -1) : words;
  if (!hex.every((w) => GROUP.test(w))) return undefined;
  return [...hex.map((w) => parseInt(w, 16)), ...tail];
}

/** The eight 16-bit groups of an IPv6 address, `::` filled in; undefined for anything else. */
function ipv6Groups(address: string): number[] | undefined {
  const halves = address.split("::");
  if (halves.length > 2) return undefined;
  const [head, tail] = [groupsOf(halves[0] ?? ""), groupsOf(halves[1] ?? "")];
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : undefined;
}

const slash24 = (bytes: number[]) => `${bytes.slice(0, 3).join(".")}.0/24`;

/**
 * The network a client's address belongs to, as the throttles count it: an IPv4 /24, or an
 * IPv6 /56. An IPv4 address written as IPv6 (`::ffff:192.0.2.7`) is the IPv4 one; a zone
 * (`%eth0`) is dropped; anything that is not an address (`unknown`) stands for itself.
 * @example clientNetwork("192.0.2.77") // "192.0.2.0/24"
 * @example clientNetwork("2001:db8:7:aa42::1") // "2001:db8:7:aa00::/56"
 */
export function clientNetwork(address: string): string {
  const bare = address.trim().split("%")[0] ?? "";
  const v4 = ipv4Bytes(bare);
  if (v4) return slash24(v4);
  const groups = ipv6Groups(bare);
  if (!groups) return address;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return slash24([g >> 8, g & 0xff, h >> 8, h & 0xff]);
  }
  return `${[a, b, c, d & 0xff00].map((n) => n.toString(16)).join(":")}::/56`;
}
