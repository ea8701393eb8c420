import { describe, expect, it } from "vitest";
import { checkedTitle, itemName, sourceDate } from "./item-checks";

describe("sourceDate", () => {
  it("reads the dates sources write, a time without a zone as UTC", () => {
    expect(sourceDate("2019-05-01", "date", "A")).toEqual(new Date("2019-05-01T00:00:00Z"));
    expect(sourceDate("2019-05-01 10:30", "date", "A")).toEqual(new Date("2019-05-01T10:30:00Z"));
    expect(sourceDate("2019-05-01T10:30:00+02:00", "date", "A")).toEqual(new Date("2019-05-01T08:30:00Z"));
    expect(sourceDate("2026-01-02 03:04:05.678901+00", "date", "A")).toEqual(new Date("2026-01-02T03:04:05.678Z"));
    expect(sourceDate(new Date("2020-01-01T00:00:00Z"), "date", "A")).toEqual(new Date("2020-01-01T00:00:00Z"));
  });

  it("gives null when no date is given, and refuses one it cannot read or that is out of range", () => {
    expect(sourceDate(undefined, "date", "A")).toBeNull();
    expect(sourceDate("", "date", "A")).toBeNull();
    expect(() => sourceDate("soon", "date", "A")).toThrow('A: its date "soon" is not a date.');
    expect(() => sourceDate({ y: 1 }, "date", "A")).toThrow("A: its date is not a date.");
    expect(() => sourceDate(2019, "date", "A")).toThrow("A: its date is not a date.");
    expect(() => sourceDate("1969-12-31T23:59:59Z", "date", "A")).toThrow("A: its date falls in 1969");
    expect(() => sourceDate("2101-01-01", "date", "A")).toThrow("A: its date falls in 2101");
  });
});

describe("checkedTitle and itemName", () => {
  it("trims a title, refuses one past 1,000 characters, and names an item in a few words", () => {
    expect(checkedTitle("  Fine  ", "x:1")).toBe("Fine");
    expect(checkedTitle("T".repeat(1000), "x:1")).toHaveLength(1000);
    expect(() => checkedTitle("T".repeat(1001), "x:1")).toThrow("x:1: its title is 1001 characters");
    expect(itemName("", "x:1")).toBe("x:1");
    expect(itemName("W".repeat(200), "x:1")).toBe(`${"W".repeat(77)}…`);
  });
});
