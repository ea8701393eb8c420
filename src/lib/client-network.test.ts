import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network";

describe("clientNetwork", () => {
  it("counts an IPv4 address by its /24", () => {
    expect(clientNetwork("192.0.2.77")).toBe("192.0.2.0/24");
    expect(clientNetwork("192.0.2.1")).toBe(clientNetwork("192.0.2.254"));
    expect(clientNetwork("192.0.3.1")).not.toBe(clientNetwork("192.0.2.1"));
    // The eleven loopback addresses are one network.
    expect(new Set(Array.from({ length: 11 }, (_, i) => clientNetwork(`127.0.0.${String(i + 1)}`)))).toEqual(
      new Set(["127.0.0.0/24"]),
    );
  });

  it("counts an IPv4 address written as IPv6 as that IPv4 address", () => {
    expect(clientNetwork("::ffff:192.0.2.77")).toBe("192.0.2.0/24");
    expect(clientNetwork("::FFFF:c000:024d")).toBe("192.0.2.0/24");
    expect(clientNetwork("0:0:0:0:0:ffff:192.0.2.9")).toBe("192.0.2.0/24");
  });

  it("counts an IPv6 address by its /56, however it is written", () => {
    expect(clientNetwork("2001:db8:7:aa42::1")).toBe("2001:db8:7:aa00::/56");
    expect(clientNetwork("2001:0db8:0007:aaff:1:2:3:4")).toBe("2001:db8:7:aa00::/56");
    expect(clientNetwork("2001:DB8:7:AA01::")).toBe("2001:db8:7:aa00::/56");
    expect(clientNetwork("2001:db8:7:ab00::1")).toBe("2001:db8:7:ab00::/56");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80::/56");
    expect(clientNetwork("::1")).toBe("::/56");
  });

  it("leaves what is not an address as it is, so it counts alone", () => {
    for (const odd of [
      "unknown",
      "",
      "256.1.1.1",
      "1.2.3",
      "1::2::3",
      "2001:db8::g",
      "1:2:3:4:5:6:7:8:9",
      "::1:2:3:4:5:6:7:8",
    ]) {
      expect(clientNetwork(odd), odd).toBe(odd);
    }
  });
});
