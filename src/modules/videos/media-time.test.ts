import { describe, expect, it } from "vitest";
import { clockSeconds, clockTime, fragmentFor, fragmentSeconds } from "./media-time";

describe("clockTime", () => {
  it("writes m:ss under the hour and h:mm:ss past it, dropping fractions", () => {
    expect(clockTime(0)).toBe("0:00");
    expect(clockTime(65.7)).toBe("1:05");
    expect(clockTime(600)).toBe("10:00");
    expect(clockTime(3723)).toBe("1:02:03");
  });
});

describe("clockSeconds", () => {
  it("reads m:ss, h:mm:ss and plain seconds", () => {
    expect(clockSeconds("0:00")).toBe(0);
    expect(clockSeconds("1:23")).toBe(83);
    expect(clockSeconds("1:02:03")).toBe(3723);
    expect(clockSeconds("90")).toBe(90);
    expect(clockSeconds("2.5")).toBe(2.5);
  });

  it("reads nothing from what is not a time", () => {
    expect(clockSeconds("1:75")).toBeNull();
    expect(clockSeconds("1:60:00")).toBeNull();
    expect(clockSeconds("soon")).toBeNull();
    expect(clockSeconds("")).toBeNull();
  });
});

describe("fragmentSeconds", () => {
  it("reads the start of a #t= address", () => {
    expect(fragmentSeconds("#t=90")).toBe(90);
    expect(fragmentSeconds("#t=1:30")).toBe(90);
    expect(fragmentSeconds("#t=90,120")).toBe(90);
    expect(fragmentSeconds("#t=1%3A30")).toBe(90);
  });

  it("reads nothing from another fragment", () => {
    expect(fragmentSeconds("#transcript")).toBeNull();
    expect(fragmentSeconds("")).toBeNull();
  });

  it("is what fragmentFor writes", () => {
    expect(fragmentFor(83.9)).toBe("#t=83");
    expect(fragmentSeconds(fragmentFor(83.9))).toBe(83);
  });
});
