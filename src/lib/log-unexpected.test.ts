import { describe, expect, it } from "vitest";
import { describeError } from "./log-unexpected";

function withCode(error: Error, code: unknown): Error {
  return Object.assign(error, { code });
}

describe("describeError", () => {
  it("names the error and its causes with their codes, never their messages", () => {
    const database = withCode(new Error('invalid input syntax for type integer: "secret"'), "22P02");
    const query = new Error("Failed query: select $1::int\nparams: secret", { cause: database });
    query.name = "DrizzleQueryError";
    expect(describeError(query)).toBe("DrizzleQueryError < Error 22P02");
  });

  it("leaves out a code that is not a short identifier", () => {
    expect(describeError(withCode(new TypeError("x"), "ERR_INVALID_ARG_VALUE"))).toBe(
      "TypeError ERR_INVALID_ARG_VALUE",
    );
    expect(describeError(withCode(new Error("x"), "has spaces: secret"))).toBe("Error");
  });

  it("says what was thrown when it is not an error, and stops on a cycle", () => {
    expect(describeError("secret")).toBe("a thrown string");
    const cyclic = new Error("x");
    cyclic.cause = cyclic;
    expect(describeError(cyclic)).toBe("Error < Error < Error < Error");
  });
});
