import { describe, expect, it } from "vitest";
import { ownOrigin, urlHost } from "./listen-address";

describe("listen addresses in URLs", () => {
  it("brackets IPv6 addresses and leaves names and IPv4 as they are", () => {
    expect(urlHost("::")).toBe("[::]");
    expect(urlHost("fe80::1")).toBe("[fe80::1]");
    expect(urlHost("localhost")).toBe("localhost");
    expect(urlHost("192.0.2.7")).toBe("192.0.2.7");
  });

  it("reaches a server on every address through the loopback of its family", () => {
    expect(ownOrigin({ address: "0.0.0.0", family: "IPv4", port: 4321 })).toBe("http://127.0.0.1:4321");
    expect(ownOrigin({ address: "::", family: "IPv6", port: 4321 })).toBe("http://[::1]:4321");
    expect(ownOrigin({ address: "::1", family: "IPv6", port: 80 })).toBe("http://[::1]:80");
    expect(ownOrigin({ address: "192.0.2.7", family: "IPv4", port: 8080 })).toBe("http://192.0.2.7:8080");
  });
});
