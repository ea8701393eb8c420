import { describe, expect, it } from "vitest";
import { z } from "zod";
import { acceptingReadOnly } from "./read-only-fields";

const put = acceptingReadOnly(["id", "lateSeconds"], z.strictObject({ title: z.string() }));

describe("acceptingReadOnly", () => {
  it("drops the named fields whatever they hold, and reads the rest", () => {
    expect(put.parse({ id: 7, lateSeconds: null, title: "Kettle" })).toEqual({ title: "Kettle" });
    expect(put.parse({ id: { not: "an id" }, title: "Kettle" })).toEqual({ title: "Kettle" });
  });

  it("still refuses any other key, naming it, an own __proto__ too", () => {
    expect(put.safeParse({ title: "Kettle", colour: "grey" }).error?.issues[0]?.message).toContain("colour");
    expect(put.safeParse(JSON.parse('{"title":"Kettle","__proto__":{}}')).success).toBe(false);
  });

  it("hands anything but an object to the schema as it is", () => {
    for (const input of [null, [], "id", 7]) expect(put.safeParse(input).success).toBe(false);
  });
});
