import { describe, expect, it } from "vitest";
import { DESIGN_WIDTH, newElement } from "./defaults";
import {
  isUnsaved,
  layoutReducer,
  nextElementId,
  startLayoutEditor,
  type LayoutAction,
  type LayoutEditor,
} from "./layout-document";
import { MAX_COORDINATE, MAX_ELEMENTS, type LayoutElement } from "./schema";

const run = (editor: LayoutEditor, ...actions: LayoutAction[]): LayoutEditor => actions.reduce(layoutReducer, editor);
const elements = (editor: LayoutEditor): LayoutElement[] => editor.history.present;
const only = (editor: LayoutEditor, id = "element-1"): LayoutElement | undefined =>
  elements(editor).find((element) => element.id === id);
const steps = (editor: LayoutEditor): number => editor.history.past.length;

const text = newElement("text", "element-1");
const box = newElement("box", "element-2", { x: 300, y: 40 });
const container = { ...newElement("container", "element-3"), children: ["element-1", "element-2"] };
const loaded = startLayoutEditor([text, box, container]);

describe("nextElementId", () => {
  it("numbers past the highest element-N, whatever else is there", () => {
    expect(nextElementId([])).toBe("element-1");
    expect(nextElementId([{ id: "element-2" }, { id: "element-9" }, { id: "logo" }, { id: "element-x" }])).toBe(
      "element-10",
    );
    expect(nextElementId([{ id: "block-4" }], "block")).toBe("block-5");
  });

  it("never repeats an id, even past the numbers it counts", () => {
    const huge = `element-${"9".repeat(16)}`;
    expect(nextElementId([{ id: "element-1000000000000000" }, { id: huge }])).toBe("element-1");
  });
});

describe("layoutReducer", () => {
  it("adds an element at the start position, selected, as one undo step", () => {
    const editor = run(startLayoutEditor([]), { type: "add", elementType: "button" });
    expect(elements(editor)).toEqual([newElement("button", "element-1")]);
    expect(editor.selectedId).toBe("element-1");
    expect(steps(editor)).toBe(1);
    expect(isUnsaved(editor)).toBe(true);
    const home = run(editor, { type: "add", elementType: "text", at: { x: -4, y: 10.6 }, preset: "home" });
    expect(only(home, "element-2")).toMatchObject({ x: 0, y: 11, content: "New Text Element" });
  });

  it("adds each next element where it covers none of the others", () => {
    let editor = startLayoutEditor([]);
    for (const type of ["text", "image", "button", "text", "box"] as const) {
      editor = run(editor, { type: "add", elementType: type, preset: "home" });
    }
    const placed = elements(editor);
    const overlap = (a: (typeof placed)[number], b: (typeof placed)[number]) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const covered = placed.flatMap((a, i) =>
      placed
        .slice(i + 1)
        .filter((b) => overlap(a, b))
        .map((b) => [a.id, b.id]),
    );
    expect(covered).toEqual([]);
    expect(placed[0]).toMatchObject({ x: 100, y: 100 });
  });

  it("resizes the selection by the keyboard's steps, one undo step per burst, within the band", () => {
    const gesture = { id: "grow-1", at: 1_000 };
    let editor = run(startLayoutEditor([newElement("text", "element-1")]), { type: "select", id: "element-1" });
    editor = run(editor, { type: "grow", dw: 10, dh: 0, gesture });
    editor = run(editor, { type: "grow", dw: 0, dh: -1, gesture: { ...gesture, at: 1_100 } });
    expect(only(editor, "element-1")).toMatchObject({ width: 210, height: 39 });
    expect(steps(editor)).toBe(1);
    editor = run(editor, { type: "grow", dw: 5000, dh: 0 });
    const wide = only(editor, "element-1");
    expect((wide?.x ?? 0) + (wide?.width ?? Infinity)).toBeLessThanOrEqual(1200);
    expect(run(run(editor, { type: "select", id: null }), { type: "grow", dw: 1, dh: 1 })).toEqual(
      run(editor, { type: "select", id: null }),
    );
  });

  it("adds nothing past the most elements a layout may hold", () => {
    const full = startLayoutEditor(Array.from({ length: MAX_ELEMENTS }, (_, i) => newElement("box", `b${i}`)));
    expect(run(full, { type: "add", elementType: "text" })).toBe(full);
    expect(run(full, { type: "duplicate", id: "b0" })).toBe(full);
  });

  it("selects and deselects without an undo step, keeping what can be redone", () => {
    const undone = run(loaded, { type: "move", id: "element-1", x: 5, y: 5 }, { type: "undo" });
    const clicked = run(undone, { type: "select", id: "element-2" }, { type: "select", id: "element-1" });
    expect(clicked.selectedId).toBe("element-1");
    expect(clicked.history).toBe(undone.history);
    expect(run(clicked, { type: "select", id: null }).selectedId).toBeNull();
    expect(run(clicked, { type: "select", id: "ghost" }).selectedId).toBeNull();
    expect(only(run(clicked, { type: "redo" }))).toMatchObject({ x: 5, y: 5 });
  });

  it("moves an element to whole pixels, never above or left of the canvas, on the grid when snapping", () => {
    const move = (x: number, y: number, snap?: boolean) =>
      only(run(loaded, { type: "move", id: "element-1", x, y, snap }));
    expect(move(-20, 33.4)).toMatchObject({ x: 0, y: 33 });
    expect(move(49, 131, true)).toMatchObject({ x: 40, y: 140 });
    // Across, the band ends where a visitor's page does; down, the layout's limit.
    expect(move(MAX_COORDINATE * 2, MAX_COORDINATE * 2)).toMatchObject({ x: DESIGN_WIDTH - 200, y: MAX_COORDINATE });
    expect(run(loaded, { type: "move", id: "ghost", x: 1, y: 1 })).toBe(loaded);
    expect(run(loaded, { type: "move", id: "element-1", x: 100, y: 100 })).toBe(loaded);
  });

  it("makes a 60-step drag one undo step, and the next drag another", () => {
    const drag = (id: string, from: number): LayoutAction[] =>
      Array.from({ length: 60 }, (_, i) => ({
        type: "move",
        id: "element-1",
        x: 100 + i * 3,
        y: 100 + i,
        gesture: { id, at: from + i * 16 },
      }));
    const dragged = run(loaded, ...drag("pointer-1", 0));
    expect(steps(dragged)).toBe(1);
    expect(only(dragged)).toMatchObject({ x: 277, y: 159 });
    const again = run(dragged, ...drag("pointer-2", 970));
    expect(steps(again)).toBe(2);
    expect(only(run(again, { type: "undo" }, { type: "undo" }))).toEqual(text);
  });

  it("keeps a paused drag one step when it passes its start time throughout", () => {
    const gesture = { id: "pointer-1", at: 1000 };
    const dragged = run(
      loaded,
      { type: "move", id: "element-1", x: 110, y: 100, gesture },
      { type: "move", id: "element-1", x: 200, y: 100, gesture },
    );
    expect(steps(dragged)).toBe(1);
    const paused = run(
      loaded,
      { type: "move", id: "element-1", x: 110, y: 100, gesture: { id: "pointer-1", at: 0 } },
      { type: "move", id: "element-1", x: 200, y: 100, gesture: { id: "pointer-1", at: 5000 } },
    );
    expect(steps(paused)).toBe(2);
  });

  it("nudges the selected element by keyboard, a held key being one step", () => {
    expect(run(loaded, { type: "nudge", dx: 1, dy: 0 })).toBe(loaded);
    const held = run(
      loaded,
      { type: "select", id: "element-2" },
      ...Array.from({ length: 10 }, (_, i): LayoutAction => ({
        type: "nudge",
        dx: 0,
        dy: -20,
        gesture: { id: "ArrowUp", at: i * 30 },
      })),
    );
    expect(only(held, "element-2")).toMatchObject({ x: 300, y: 0 });
    expect(steps(held)).toBe(1);
  });

  it("resizes to whole pixels of at least 0, moving the corner a top-left handle drags", () => {
    const resized = run(
      loaded,
      { type: "resize", id: "element-1", width: 250.4, height: -3, gesture: { id: "t", at: 0 } },
      { type: "resize", id: "element-1", width: 260, height: 30, x: 90, y: 95.5, gesture: { id: "t", at: 16 } },
    );
    expect(only(resized)).toMatchObject({ x: 90, y: 96, width: 260, height: 30 });
    expect(steps(resized)).toBe(1);
    expect(only(run(loaded, { type: "resize", id: "element-1", width: -1, height: 9e9 }))).toMatchObject({
      width: 0,
      height: 4000,
    });
    expect(run(loaded, { type: "resize", id: "element-1", width: 200, height: 40 })).toBe(loaded);
  });

  it("edits content, a burst of typing being one step, and ignores content the schema refuses", () => {
    const typed = run(
      loaded,
      ...["H", "He", "Hey"].map((content, i): LayoutAction => ({
        type: "editContent",
        id: "element-1",
        content,
        gesture: { id: "typing", at: i * 100 },
      })),
    );
    expect(only(typed)?.content).toBe("Hey");
    expect(steps(typed)).toBe(1);
    expect(run(loaded, { type: "editContent", id: "element-1", content: "x".repeat(5001) })).toBe(loaded);
    expect(run(loaded, { type: "editContent", id: "element-1", content: "a\u0000" })).toBe(loaded);

    const pictured = run(startLayoutEditor([newElement("image", "element-1")]), {
      type: "editContent",
      id: "element-1",
      content: " /uploads/images/a.png ",
    });
    expect(only(pictured)?.content).toBe("/uploads/images/a.png");
    expect(run(pictured, { type: "editContent", id: "element-1", content: "javascript:alert(1)" })).toBe(pictured);
  });

  it("gives an image its words as one undo step per burst of typing, or marks it decorative", () => {
    const picture = startLayoutEditor([newElement("image", "element-1")]);
    const typed = run(
      picture,
      ...["A", "A k", "A kettle"].map((alt, i): LayoutAction => ({
        type: "editAlt",
        id: "element-1",
        alt,
        gesture: { id: "typing", at: i * 100 },
      })),
    );
    expect(only(typed)?.alt).toBe("A kettle");
    expect(steps(typed)).toBe(1);
    const decorative = run(typed, { type: "markDecorative", id: "element-1", decorative: true });
    expect(only(decorative)).toMatchObject({ decorative: true });
    expect(only(decorative)).not.toHaveProperty("alt");
    expect(only(run(decorative, { type: "undo" }))?.alt).toBe("A kettle");
    expect(run(loaded, { type: "markDecorative", id: "element-1", decorative: true })).toBe(loaded);
  });

  it("sets one style, removes it when blank, and ignores a value its grammar refuses", () => {
    const style = (value: string): LayoutAction => ({ type: "editStyle", id: "element-1", property: "color", value });
    expect(only(run(loaded, style(" #ff0000 ")))?.styles.color).toBe("#ff0000");
    expect(run(loaded, style("red; background: url(https://evil.example)"))).toBe(loaded);
    expect(run(loaded, style("#333333"))).toBe(loaded);
    const removed = run(loaded, style(""));
    expect(only(removed)?.styles).not.toHaveProperty("color");
    expect(run(removed, style(" "))).toBe(removed);
    const offList = {
      type: "editStyle",
      id: "element-1",
      property: "position",
      value: "fixed",
    } as unknown as LayoutAction;
    expect(run(loaded, offList)).toBe(loaded);
  });

  it("makes a colour swept through the picker one step", () => {
    const swept = run(
      loaded,
      ...Array.from({ length: 30 }, (_, i): LayoutAction => ({
        type: "editStyle",
        id: "element-1",
        property: "backgroundColor",
        value: `#0000${(i + 16).toString(16)}`,
        gesture: { id: "picker", at: i * 16 },
      })),
    );
    expect(steps(swept)).toBe(1);
    expect(only(run(swept, { type: "undo" }))?.styles.backgroundColor).toBe("transparent");
  });

  it("duplicates 20,20 away under a new id, selected, without the original's children", () => {
    const copied = run(loaded, { type: "duplicate", id: "element-3" });
    expect(only(copied, "element-4")).toEqual({ ...newElement("container", "element-4"), x: 120, y: 120 });
    expect(copied.selectedId).toBe("element-4");
    expect(steps(copied)).toBe(1);
    expect(run(loaded, { type: "duplicate", id: "ghost" })).toBe(loaded);
    const edge = startLayoutEditor([{ ...text, x: DESIGN_WIDTH - text.width, y: MAX_COORDINATE }]);
    expect(only(run(edge, { type: "duplicate", id: "element-1" }), "element-2")).toMatchObject({
      x: DESIGN_WIDTH - text.width,
      y: MAX_COORDINATE,
    });
  });

  it("deletes an element, takes it out of its parent's children and drops the selection", () => {
    const deleted = run(loaded, { type: "select", id: "element-2" }, { type: "delete", id: "element-2" });
    expect(elements(deleted).map((element) => element.id)).toEqual(["element-1", "element-3"]);
    expect(only(deleted, "element-3")?.children).toEqual(["element-1"]);
    expect(deleted.selectedId).toBeNull();
    expect(run(loaded, { type: "delete", id: "ghost" })).toBe(loaded);
    const other = run(loaded, { type: "select", id: "element-1" }, { type: "delete", id: "element-2" });
    expect(other.selectedId).toBe("element-1");
  });

  it("clears everything as one step that undo brings back", () => {
    const cleared = run(loaded, { type: "select", id: "element-1" }, { type: "clear" });
    expect(elements(cleared)).toEqual([]);
    expect(cleared.selectedId).toBeNull();
    expect(elements(run(cleared, { type: "undo" }))).toEqual(elements(loaded));
    expect(run(cleared, { type: "clear" })).toBe(cleared);
  });

  it("loads a layout as a fresh, saved document", () => {
    const edited = run(loaded, { type: "select", id: "element-1" }, { type: "clear" });
    const reloaded = run(edited, { type: "load", elements: [box] });
    expect(reloaded).toEqual(startLayoutEditor([box]));
    expect(isUnsaved(reloaded)).toBe(false);
  });

  it("restores a version as one undo step that is already saved", () => {
    const restored = run(loaded, { type: "select", id: "element-1" }, { type: "restore", elements: [box] });
    expect(elements(restored)).toEqual([box]);
    expect(restored.selectedId).toBeNull();
    expect(isUnsaved(restored)).toBe(false);
    const undone = run(restored, { type: "undo" });
    expect(elements(undone)).toEqual(elements(loaded));
    expect(isUnsaved(undone)).toBe(true);
  });

  it("is unsaved until saved, and saved again once an edit is undone or typed back", () => {
    const edited = run(loaded, { type: "editContent", id: "element-1", content: "Other" });
    expect(isUnsaved(edited)).toBe(true);
    expect(isUnsaved(run(edited, { type: "undo" }))).toBe(false);
    expect(isUnsaved(run(edited, { type: "editContent", id: "element-1", content: "Sample Text" }))).toBe(false);
    expect(isUnsaved(run(edited, { type: "saved", elements: elements(edited) }))).toBe(false);
  });

  it("undoes and redoes, dropping a selection whose element is gone", () => {
    const added = run(startLayoutEditor([]), { type: "add", elementType: "box" });
    const undone = run(added, { type: "undo" });
    expect(elements(undone)).toEqual([]);
    expect(undone.selectedId).toBeNull();
    const redone = run(undone, { type: "redo" });
    expect(elements(redone)).toEqual(elements(added));
    expect(run(startLayoutEditor([]), { type: "undo" }, { type: "redo" })).toEqual(startLayoutEditor([]));
  });
});
