import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import ipaddr from "ipaddr.js";

/** How an old site's media may be fetched: how large, how long, and which private hosts the owner allowed. */
export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  /** Host names (lowercase) fetched although they are on this machine or a private network. */
  privateHosts: readonly string[];
}

/** Why a medium could not be fetched, in the owner's words; kept beside the address in the import's list. */
export class FetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FetchRefused";
  }
}

const MAX_REDIRECTS = 5;

/**
 * Whether an address is on the public internet: not this machine, not a private or
 * link-local network, not multicast or reserved (ipaddr.js names each range). An IPv4
 * address written as IPv6 is judged as the IPv4 one.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress()) ip = ip.toIPv4Address();
  return ip.range() === "unicast";
}

/**
 * The resolver the request connects through: every address a name resolves to is checked
 * before the socket connects to it, so a name cannot resolve to a public address when asked
 * and a private one when used (DNS rebinding): what is checked is what is dialled.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, "", 0);
        return;
      }
      const refused = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (refused) {
        callback(new FetchRefused(`${hostname} is on this machine or a private network (${refused.address})`), "", 0);
        return;
      }
      if (options.all) callback(null, addresses);
      else {
        const [first] = addresses;
        if (first) callback(null, first.address, first.family);
        else callback(new FetchRefused(`${hostname} has no address`), "", 0);
      }
    });
  };
}

function get(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<IncomingMessage> {
  const allowPrivate = limits.privateHosts.includes(url.hostname.toLowerCase());
  // A literal address is dialled without a lookup, so it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && !allowPrivate && !isPublicAddress(literal)) {
    return Promise.reject(new FetchRefused(`${literal} is on this machine or a private network`));
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { lookup: guardedLookup(allowPrivate), signal, headers: { accept: "image/*" } });
    request.once("response", resolve);
    request.once("error", reject);
  });
}

/**
 * The old site's answer for `address`, headers read and body not yet: `http(s)` only, never
 * from this machine or a private network (but for hosts the owner named), following at
 * most five redirects, each checked the same way; anything but 200 is refused.
 */
async function answer(address: string, limits: FetchLimits, signal: AbortSignal): Promise<IncomingMessage> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused("not an address");
  }
  for (let hops = 0; ; hops++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new FetchRefused(`only http and https addresses are fetched, not ${url.protocol}`);
    }
    const response = await get(url, limits, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      if (hops >= MAX_REDIRECTS) throw new FetchRefused(`more than ${String(MAX_REDIRECTS)} redirects`);
      url = new URL(location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new FetchRefused(`the old site answered ${String(status)}`);
    }
    const declared = Number(response.headers["content-length"] ?? NaN);
    if (declared > limits.maxBytes) {
      response.destroy();
      throw new FetchRefused(`larger than ${String(limits.maxBytes / 1024 ** 2)} MB`);
    }
    return response;
  }
}

/** A failure of the network or the clock, as the owner reads it. */
function refusalOf(error: unknown, signal: AbortSignal, limits: FetchLimits): FetchRefused {
  if (error instanceof FetchRefused) return error;
  if (signal.aborted) return new FetchRefused(`no answer within ${String(limits.timeoutMs / 1000)} s`);
  // What the network says (a name that does not resolve, a refused connection), as it says it.
  return new FetchRefused(`could not be fetched: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Fetch an old site's medium to `file` (see `answer`), refused past `maxBytes` (as declared
 * or as it arrives) or `timeoutMs` in all. Returns the bytes written and the type the server
 * claimed; on any failure nothing is left at `file`, and a `FetchRefused` says why.
 */
export async function fetchMedia(
  address: string,
  file: string,
  limits: FetchLimits,
): Promise<{ bytes: number; contentType: string | null }> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await answer(address, limits, signal);
    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes > limits.maxBytes) done(new FetchRefused(`larger than ${String(limits.maxBytes / 1024 ** 2)} MB`));
        else done(null, chunk);
      },
    });
    await pipeline(response, counted, createWriteStream(file), { signal });
    return { bytes, contentType: response.headers["content-type"] ?? null };
  } catch (error) {
    await rm(file, { force: true });
    throw refusalOf(error, signal, limits);
  }
}

/**
 * Whether the old site still has the medium, as the dry run asks before anything is
 * fetched: the same checks as `fetchMedia`, its body left unread. Returns the size it
 * declares (null when it declares none).
 */
export async function probeMedia(address: string, limits: FetchLimits): Promise<number | null> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await answer(address, limits, signal);
    response.destroy();
    const declared = Number(response.headers["content-length"] ?? NaN);
    return Number.isFinite(declared) ? declared : null;
  } catch (error) {
    throw refusalOf(error, signal, limits);
  }
}
