import { describe, expect, it } from "vitest";
import { keyAction, type KeyPress } from "./keyboard-actions";

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe("keyAction", () => {
  it("undoes with Ctrl+Z or Cmd+Z, and redoes with Shift or Ctrl+Y, selected or not", () => {
    expect(keyAction(press("z", { ctrlKey: true }), null)).toEqual({ type: "undo" });
    expect(keyAction(press("z", { metaKey: true }), "element-1")).toEqual({ type: "undo" });
    expect(keyAction(press("Z", { metaKey: true, shiftKey: true }), null)).toEqual({ type: "redo" });
    expect(keyAction(press("y", { ctrlKey: true }), null)).toEqual({ type: "redo" });
  });

  it("resizes the selection with Ctrl or Cmd and an arrow: Right and Down grow it, Left and Up shrink it", () => {
    expect(keyAction(press("ArrowRight", { ctrlKey: true }), "element-1")).toEqual({ type: "grow", dw: 1, dh: 0 });
    expect(keyAction(press("ArrowUp", { metaKey: true, shiftKey: true }), "element-1")).toEqual({
      type: "grow",
      dw: 0,
      dh: -10,
    });
    expect(keyAction(press("ArrowRight", { ctrlKey: true }), null)).toBeNull();
  });

  it("nudges the selection 1 px per arrow, 10 px with Shift", () => {
    expect(keyAction(press("ArrowLeft"), "element-1")).toEqual({ type: "nudge", dx: -1, dy: 0 });
    expect(keyAction(press("ArrowDown", { shiftKey: true }), "element-1")).toEqual({ type: "nudge", dx: 0, dy: 10 });
  });

  it("deletes the selection with Delete or Backspace, and lets it go with Escape", () => {
    expect(keyAction(press("Delete"), "element-2")).toEqual({ type: "delete", id: "element-2" });
    expect(keyAction(press("Backspace"), "element-2")).toEqual({ type: "delete", id: "element-2" });
    expect(keyAction(press("Escape"), "element-2")).toEqual({ type: "select", id: null });
  });

  it("leaves every other key, and selection keys with nothing selected, to the page", () => {
    expect(keyAction(press("ArrowLeft"), null)).toBeNull();
    expect(keyAction(press("Delete"), null)).toBeNull();
    expect(keyAction(press("a"), "element-1")).toBeNull();
    expect(keyAction(press("c", { ctrlKey: true }), "element-1")).toBeNull();
    expect(keyAction(press("ArrowLeft", { altKey: true }), "element-1")).toBeNull();
  });
});
