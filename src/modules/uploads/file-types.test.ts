import { describe, expect, it } from "vitest";
import { detectType } from "./file-types";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

describe("detectType", () => {
  it.each([
    [bytes([0xff, 0xd8, 0xff, 0xdb]), "image/jpeg"],
    [bytes("\x89PNG\r\n\x1a\n"), "image/png"],
    [bytes("GIF89a"), "image/gif"],
    [bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    [bytes([0, 0, 0, 0x1c], "ftypavif"), "image/avif"],
    [bytes([0, 0, 0, 0x20], "ftypisom"), "video/mp4"],
    [bytes([0x1a, 0x45, 0xdf, 0xa3]), "video/webm"],
  ])("knows %s", (head, mime) => {
    expect(detectType(head)?.mime).toBe(mime);
  });

  it.each([
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["HTML", bytes("<!doctype html><script>alert(1)</script>")],
    ["XML-prefixed SVG", bytes('<?xml version="1.0"?><svg/>')],
    ["text", bytes("just some text")],
    ["nothing", bytes()],
  ])("refuses %s", (_, head) => {
    expect(detectType(head)).toBeNull();
  });
});
