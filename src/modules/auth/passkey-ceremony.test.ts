import { WebAuthnError } from "@simplewebauthn/browser";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-request";
import { isCancelledCeremony } from "./passkey-ceremony";

describe("isCancelledCeremony", () => {
  it("is quiet about a prompt closed or timed out, and a ceremony another replaced", () => {
    expect(
      isCancelledCeremony(new DOMException("The operation either timed out or was not allowed.", "NotAllowedError")),
    ).toBe(true);
    // SimpleWebAuthn wraps the browser's errors, keeping their names.
    const closed = new DOMException("closed", "NotAllowedError");
    expect(
      isCancelledCeremony(
        new WebAuthnError({ message: "closed", code: "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY", cause: closed }),
      ),
    ).toBe(true);
    const replaced = Object.assign(new Error("Cancelling existing WebAuthn API call for new one"), {
      name: "AbortError",
    });
    expect(
      isCancelledCeremony(new WebAuthnError({ message: "aborted", code: "ERROR_CEREMONY_ABORTED", cause: replaced })),
    ).toBe(true);
  });

  it("reports what went wrong otherwise", () => {
    expect(isCancelledCeremony(new ApiError(401, '{"error":"Unknown passkey","code":"unauthenticated"}'))).toBe(false);
    expect(isCancelledCeremony(new DOMException("bad rp id", "SecurityError"))).toBe(false);
    expect(isCancelledCeremony(new TypeError("Failed to fetch"))).toBe(false);
  });
});
