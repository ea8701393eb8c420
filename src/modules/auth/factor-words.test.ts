import { expect, it } from "vitest";
import { factorWords } from "./factor-words";

it("names each second factor the owner has, and none when there is none", () => {
  expect(factorWords({ passkeys: 2, totp: true, recoveryCodesLeft: 10 })).toBe("Passkeys (2), Authenticator app");
  expect(factorWords({ passkeys: 0, totp: true, recoveryCodesLeft: 10 })).toBe("Authenticator app");
  expect(factorWords({ passkeys: 1, totp: false, recoveryCodesLeft: 9 })).toBe("Passkeys (1)");
  expect(factorWords({ passkeys: 0, totp: false, recoveryCodesLeft: 0 })).toBeUndefined();
});
