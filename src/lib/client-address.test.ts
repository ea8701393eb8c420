import { describe, expect, it } from "vitest";
import { clientFrom } from "./client-address";

describe("clientFrom", () => {
  it("uses the socket's address when no proxy is trusted, whatever the header says", () => {
    expect(clientFrom("198.51.100.7", "1.2.3.4", [])).toBe("198.51.100.7");
  });

  it("believes X-Forwarded-For only from a trusted proxy, taking the nearest untrusted hop", () => {
    expect(clientFrom("10.0.0.1", "203.0.113.9", ["10.0.0.1"])).toBe("203.0.113.9");
    expect(clientFrom("10.0.0.2", "6.6.6.6, 203.0.113.9, 10.0.0.1", ["10.0.0.1", "10.0.0.2"])).toBe("203.0.113.9");
    expect(clientFrom("10.0.0.1", null, ["10.0.0.1"])).toBe("10.0.0.1");
    expect(clientFrom("10.0.0.1", "10.0.0.1", ["10.0.0.1"])).toBe("10.0.0.1");
  });
});
