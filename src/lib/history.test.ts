import { describe, expect, it } from "vitest";
import { canRedo, canUndo, HISTORY_LIMIT, record, redo, startHistory, undo } from "./history";

describe("history", () => {
  it("undoes and redoes step by step, and a new change drops what was undone", () => {
    let h = startHistory("a");
    h = record(h, "b");
    h = record(h, "c");
    h = undo(h);
    expect(h.present).toBe("b");
    h = undo(h);
    expect(h.present).toBe("a");
    expect(canUndo(h)).toBe(false);
    h = redo(h);
    expect(h.present).toBe("b");
    h = record(h, "d");
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe("b");
  });

  it("makes one step of a gesture: changes of one group close in time", () => {
    let h = startHistory("");
    for (let i = 1; i <= 60; i++) h = record(h, "x".repeat(i), { key: "typing", at: i * 50 });
    expect(h.past).toEqual([""]);
    h = record(h, "later", { key: "typing", at: 60 * 50 + 5000 });
    h = record(h, "other", { key: "token:--radius", at: 60 * 50 + 5001 });
    expect(h.past).toEqual(["", "x".repeat(60), "later"]);
  });

  it("ignores a change to the same value and forgets the oldest steps past the limit", () => {
    let h = startHistory(0);
    expect(record(h, 0)).toBe(h);
    for (let i = 1; i <= HISTORY_LIMIT + 10; i++) h = record(h, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(10);
  });

  it("does nothing when there is nothing to undo or redo", () => {
    const h = startHistory("a");
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
  });
});
