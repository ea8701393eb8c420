import { describe, expect, it } from "vitest";
import { FORGET_AFTER_MS, forgetOld, recall, remember, resumePoint } from "./watch-memory";

/** A browser's localStorage, in memory; `full` makes every write throw as a full one does. */
class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  full = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException("full", "QuotaExceededError");
    this.items.set(key, value);
  }
}

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 28);

describe("watch memory", () => {
  it("gives back the position and speed kept for that video only", () => {
    const storage = new MemoryStorage();
    remember(storage, "7", { position: 754.6, rate: 1.5, duration: 2400 }, NOW);
    expect(recall(storage, "7", NOW + DAY)).toEqual({ position: 754, rate: 1.5, savedAt: NOW });
    expect(recall(storage, "8", NOW)).toBeNull();
    expect(resumePoint(recall(storage, "7", NOW))).toBe(754);
  });

  it("keeps only the speed at the very start and near the end, and nothing at normal speed", () => {
    const storage = new MemoryStorage();
    remember(storage, "7", { position: 3, rate: 1.25, duration: 600 }, NOW);
    expect(recall(storage, "7", NOW)).toEqual({ position: 0, rate: 1.25, savedAt: NOW });
    expect(resumePoint(recall(storage, "7", NOW))).toBeNull();
    remember(storage, "7", { position: 595, rate: 1, duration: 600 }, NOW);
    expect(recall(storage, "7", NOW)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it("counts the last tenth of a short video as its end", () => {
    const storage = new MemoryStorage();
    remember(storage, "k", { position: 6.5, rate: 1, duration: 7 }, NOW);
    expect(recall(storage, "k", NOW)).toBeNull();
    remember(storage, "k", { position: 5.5, rate: 1, duration: 7 }, NOW);
    expect(resumePoint(recall(storage, "k", NOW))).toBe(5);
  });

  it("forgets an entry after 30 days, and sweeps old and unreadable ones but no one else's", () => {
    const storage = new MemoryStorage();
    remember(storage, "old", { position: 100, rate: 1, duration: 600 }, NOW - FORGET_AFTER_MS);
    remember(storage, "new", { position: 100, rate: 1, duration: 600 }, NOW - DAY);
    storage.setItem("meh:watched:junk", "{not json");
    storage.setItem("meh:watched:odd", JSON.stringify({ position: -1, rate: 1, savedAt: NOW }));
    storage.setItem("someone-else", "kept");
    expect(recall(storage, "old", NOW)).toBeNull();
    forgetOld(storage, NOW);
    expect([...storage.items.keys()].sort()).toEqual(["meh:watched:new", "someone-else"]);
  });

  it("goes on without memory when storage refuses", () => {
    const storage = new MemoryStorage();
    storage.full = true;
    expect(() => {
      remember(storage, "7", { position: 100, rate: 2, duration: 600 }, NOW);
    }).not.toThrow();
    expect(recall(storage, "7", NOW)).toBeNull();
    const refusing = new Proxy(storage, {
      get(target, name) {
        if (name === "getItem" || name === "length") throw new DOMException("denied", "SecurityError");
        return Reflect.get(target, name) as unknown;
      },
    });
    expect(recall(refusing, "7", NOW)).toBeNull();
    expect(() => {
      forgetOld(refusing, NOW);
    }).not.toThrow();
  });
});
