import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTO_SAVE_DELAY_MS, createAutoSaver, mayAutoSave, type AutoSaveConditions } from "./auto-save";

const ready: AutoSaveConditions = { editing: true, layoutId: 7, elementCount: 2, unsaved: true, conflicted: false };

describe("mayAutoSave", () => {
  it("saves an existing, non-empty, changed layout being edited", () => {
    expect(mayAutoSave(ready)).toBe(true);
  });

  it.each([
    ["outside edit mode", { editing: false }],
    ["before the layout exists", { layoutId: null }],
    ["with no elements", { elementCount: 0 }],
    ["with nothing changed", { unsaved: false }],
    ["while a stale save waits for the owner", { conflicted: true }],
  ])("does not save %s", (_case, change) => {
    expect(mayAutoSave({ ...ready, ...change })).toBe(false);
  });
});

describe("createAutoSaver", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ["the home editor", AUTO_SAVE_DELAY_MS.home, 3000],
    ["the designer", AUTO_SAVE_DELAY_MS.designer, 5000],
  ])("in %s saves once, exactly its delay after the change", (_editor, delay, expected) => {
    expect(delay).toBe(expected);
    const save = vi.fn();
    createAutoSaver(delay, save).changed(true);
    vi.advanceTimersByTime(expected - 1);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(expected * 3);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("waits again from each new change, so a burst of edits saves once", () => {
    const save = vi.fn();
    const saver = createAutoSaver(3000, save);
    saver.changed(true);
    vi.advanceTimersByTime(2000);
    saver.changed(true);
    vi.advanceTimersByTime(2999);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("drops a pending save when a change makes saving not allowed, or on cancel", () => {
    const save = vi.fn();
    const saver = createAutoSaver(5000, save);
    saver.changed(true);
    saver.changed(false);
    vi.advanceTimersByTime(10_000);
    saver.changed(true);
    saver.cancel();
    vi.advanceTimersByTime(10_000);
    expect(save).not.toHaveBeenCalled();
  });
});
