import { describe, expect, it } from "vitest";
import { designerKey } from "./designer-keys";
import type { KeyPress } from "./keyboard-actions";

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});
const edit = (action: unknown) => ({ type: "edit", action });

describe("designerKey", () => {
  it("undoes, redoes and saves wherever the focus is but a text field", () => {
    for (const place of ["element", "elsewhere"] as const) {
      expect(designerKey(press("z", { ctrlKey: true }), place, "element-1")).toEqual(edit({ type: "undo" }));
      expect(designerKey(press("Z", { metaKey: true, shiftKey: true }), place, null)).toEqual(edit({ type: "redo" }));
      expect(designerKey(press("y", { ctrlKey: true }), place, null)).toEqual(edit({ type: "redo" }));
      expect(designerKey(press("s", { ctrlKey: true }), place, null)).toEqual({ type: "save" });
      expect(designerKey(press("S", { metaKey: true }), place, null)).toEqual({ type: "save" });
    }
  });

  it("nudges, deletes, duplicates and lets go of the selection on the canvas and the layers", () => {
    expect(designerKey(press("ArrowLeft", { shiftKey: true }), "element", "element-1")).toEqual(
      edit({ type: "nudge", dx: -10, dy: 0 }),
    );
    expect(designerKey(press("ArrowDown"), "element", "element-1")).toEqual(edit({ type: "nudge", dx: 0, dy: 1 }));
    expect(designerKey(press("Backspace"), "element", "element-1")).toEqual(edit({ type: "delete", id: "element-1" }));
    expect(designerKey(press("d", { ctrlKey: true }), "element", "element-1")).toEqual(
      edit({ type: "duplicate", id: "element-1" }),
    );
    expect(designerKey(press("Escape"), "element", "element-1")).toEqual(edit({ type: "select", id: null }));
  });

  it("leaves the element keys alone with nothing selected", () => {
    for (const key of [press("ArrowLeft"), press("Delete"), press("d", { ctrlKey: true })]) {
      expect(designerKey(key, "element", null)).toBeNull();
    }
  });

  it("leaves the element keys to the browser away from the canvas and the layers", () => {
    for (const key of [press("ArrowLeft"), press("Delete"), press("Backspace"), press("d", { ctrlKey: true })]) {
      expect(designerKey(key, "elsewhere", "element-1")).toBeNull();
    }
  });

  it("leaves every key to a text field", () => {
    for (const key of [
      press("z", { ctrlKey: true }),
      press("s", { ctrlKey: true }),
      press("ArrowLeft"),
      press("Delete"),
    ]) {
      expect(designerKey(key, "typing", "element-1")).toBeNull();
    }
  });

  it("ignores other combinations", () => {
    expect(designerKey(press("s", { ctrlKey: true, shiftKey: true }), "element", "element-1")).toBeNull();
    expect(designerKey(press("s", { ctrlKey: true, altKey: true }), "element", "element-1")).toBeNull();
    expect(designerKey(press("ArrowLeft", { altKey: true }), "element", "element-1")).toBeNull();
    expect(designerKey(press("a"), "element", "element-1")).toBeNull();
  });
});
