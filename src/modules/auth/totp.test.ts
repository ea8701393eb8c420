import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { describe, expect, it } from "vitest";
import { matchTotp, secretWords, totpStep, totpUri } from "./totp";

// RFC 6238's SHA-1 test secret, and one of its test times (59 s: step 1, code 94287082 in 8 digits).
const secret = new TextEncoder().encode("12345678901234567890");
const codeFor = (step: number) => generateHOTP(secret, BigInt(step), 6);
const at = (seconds: number) => new Date(seconds * 1000);

describe("matchTotp", () => {
  it("makes RFC 6238's test vector, in six digits", () => {
    expect(generateHOTP(secret, BigInt(totpStep(at(59))), 8)).toBe("94287082");
  });

  it("accepts the code of the step now, the one before and the one after, and none further", () => {
    const now = at(30 * 1000 + 12);
    const step = totpStep(now);
    expect(matchTotp(secret, codeFor(step), now, null)).toBe(step);
    expect(matchTotp(secret, codeFor(step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(secret, codeFor(step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(secret, codeFor(step - 2), now, null)).toBeNull();
    expect(matchTotp(secret, codeFor(step + 2), now, null)).toBeNull();
  });

  it("accepts a code once, and none older once a code was used", () => {
    const now = at(30 * 2000);
    const step = totpStep(now);
    expect(matchTotp(secret, codeFor(step), now, step)).toBeNull();
    expect(matchTotp(secret, codeFor(step - 1), now, step)).toBeNull();
    expect(matchTotp(secret, codeFor(step + 1), now, step)).toBe(step + 1);
  });

  it("refuses what is not six digits", () => {
    const now = at(30 * 3000);
    const code = codeFor(totpStep(now));
    for (const typed of [code.slice(1), `${code}0`, "abcdef", "", ` ${code}`]) {
      expect(matchTotp(secret, typed, now, null), typed).toBeNull();
    }
  });
});

describe("the secret as an app takes it", () => {
  it("reads back from the groups a person types, and from the otpauth address", () => {
    const words = secretWords(secret);
    expect(words).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(decodeBase32IgnorePadding(words.replaceAll(" ", ""))).toEqual(secret);
    const uri = new URL(totpUri("Mostly Meh", "owner", secret));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(decodeBase32IgnorePadding(uri.searchParams.get("secret") ?? "")).toEqual(secret);
  });
});
