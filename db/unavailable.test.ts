import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new DrizzleQueryError("select 1", [], cause);

describe("isDatabaseUnavailable", () => {
  it.each([
    new Error("Query read timeout"),
    new Error("timeout exceeded when trying to connect"),
    new Error("Connection terminated unexpectedly"),
    withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
    withCode("sorry, too many clients already", "53300"),
    withCode("the database system is starting up", "57P03"),
    withCode("canceling statement due to statement timeout", "57014"),
    withCode("connection failure", "08006"),
    withCode('database "meh" does not exist', "3D000"),
    withCode("terminating connection due to database being dropped", "57P04"),
  ])("knows the database cannot answer: $message, as thrown or wrapped by drizzle", (error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    withCode('duplicate key value violates unique constraint "posts_slug_unique"', "23505"),
    withCode('syntax error at or near "selct"', "42601"),
    new Error("Query read timeout, said the post"),
    new TypeError("Cannot read properties of undefined"),
    "Query read timeout",
    undefined,
  ])("takes anything else for what it is: %s", (error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    if (error instanceof Error) expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it("stops at a cause that leads back to itself", () => {
    const error: Error = new Error("outer");
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
