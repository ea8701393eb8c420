import { describe, expect, it } from "vitest";
import { hostHoldsPasskeys } from "./passkey-host";

describe("hostHoldsPasskeys", () => {
  it("takes names and refuses IP addresses", () => {
    expect(["localhost", "meh.example", "xn--mh-bia.example"].map(hostHoldsPasskeys)).toEqual([true, true, true]);
    expect(["127.0.0.1", "192.168.1.20", "[::1]", "[2001:db8::1]"].map(hostHoldsPasskeys)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
