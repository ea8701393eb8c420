import { describe, expect, it } from "vitest";
import { welcomeNotice } from "./welcome-notice";

const owner = { username: "owner", role: "admin" };

describe("welcomeNotice", () => {
  it("welcomes a sign-in that spent no recovery code", () => {
    expect(welcomeNotice(owner)).toEqual({ title: "Login successful", description: "Welcome back, owner!" });
  });

  it("says how many recovery codes are left after one is used", () => {
    expect(welcomeNotice(owner, 9)).toEqual({
      title: "Login successful",
      description: "Welcome back, owner! 9 recovery codes left.",
    });
    expect(welcomeNotice(owner, 4).variant).toBeUndefined();
  });

  it.each([
    [3, "3 recovery codes left"],
    [1, "1 recovery code left"],
    [0, "No recovery codes left"],
  ])("warns with %i left, and says to make new ones", (left, title) => {
    expect(welcomeNotice(owner, left)).toEqual({
      title,
      description: "Welcome back, owner! Make new recovery codes on your account page before you need one.",
      variant: "destructive",
    });
  });
});
