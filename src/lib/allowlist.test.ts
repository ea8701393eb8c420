import { expect, it } from "vitest";
import { allowed } from "./allowlist";

it("keeps the named fields, in the order named, and nothing else", () => {
  const row = { id: 7, title: "Kettle", passwordHash: "secret", featured: false };
  const picked = allowed(row, ["title", "id", "featured"]);
  expect(picked).toEqual({ title: "Kettle", id: 7, featured: false });
  expect(Object.keys(picked)).toEqual(["title", "id", "featured"]);
});

it("names a field the value leaves out as undefined, which JSON then leaves out too", () => {
  const row: { id: number; note?: string } = { id: 7 };
  const picked = allowed(row, ["id", "note"]);
  expect(JSON.stringify(picked)).toBe('{"id":7}');
});
