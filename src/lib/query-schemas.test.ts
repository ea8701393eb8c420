import { describe, expect, it } from "vitest";
import { MAX_PAGE } from "./paging";
import { idText, pageQuery } from "./query-schemas";

describe("idText", () => {
  it.each(["1", "2147483647"])("reads %s", (value) => {
    expect(idText("Id").parse(value)).toBe(Number(value));
  });

  it.each([
    ["2147483648", "Id must be at most 2147483647"],
    ["9007199254740992", "Id must be at most 2147483647"],
    ["0", "Id must be at least 1"],
    ["-0", "Id must be at least 1"],
    ["01", "Id must be a whole number"],
    [" 1", "Id must be a whole number"],
    ["1e3", "Id must be a whole number"],
    ["0x1", "Id must be a whole number"],
    ["1.0", "Id must be a whole number"],
    ["", "Id must be a whole number"],
  ])("refuses %j: %s", (value, message) => {
    expect(idText("Id").safeParse(value).error?.issues[0]?.message).toBe(message);
  });
});

describe("pageQuery", () => {
  it("refuses a page past MAX_PAGE, however many digits it has, naming page", () => {
    for (const page of [String(MAX_PAGE + 1), "2147483648", "9".repeat(400)]) {
      expect(pageQuery.safeParse({ page }).error?.issues[0]?.path, page).toEqual(["page"]);
    }
  });
});
