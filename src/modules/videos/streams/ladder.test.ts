import { describe, expect, it } from "vitest";
import { ffmpegArgs, ladderFor, noLadderReason, playsAsIs } from "./ladder";
import type { SourceMedia } from "./probe.server";

const media = (overrides: Partial<SourceMedia> = {}): SourceMedia => ({
  width: 1920,
  height: 1080,
  fps: 30,
  videoCodec: "h264",
  pixelFormat: "yuv420p",
  audioCodec: "aac",
  seconds: 5,
  ...overrides,
});

const heights = (m: SourceMedia) => ladderFor(m).map((r) => `${String(r.height)}${r.copy ? " copied" : ""}`);

describe("the ladder", () => {
  it("offers 360p, 720p and the upload's own height, repackaging the top rung of an H.264 upload", () => {
    expect(heights(media())).toEqual(["360", "720", "1080 copied"]);
    expect(heights(media({ height: 900 }))).toEqual(["360", "720", "900 copied"]);
    expect(heights(media({ height: 720 }))).toEqual(["360", "720 copied"]);
  });

  it("never goes taller than the upload, nor past 1080p, each height once", () => {
    expect(heights(media({ height: 2160 }))).toEqual(["360", "720", "1080"]);
    expect(heights(media({ height: 480 }))).toEqual(["360", "480 copied"]);
    expect(heights(media({ height: 240 }))).toEqual(["240 copied"]);
  });

  it("encodes every rung of an upload browsers cannot play as is (PeerTube #4494's rule)", () => {
    expect(playsAsIs(media({ videoCodec: "hevc" }))).toBe(false);
    expect(playsAsIs(media({ pixelFormat: "yuv444p" }))).toBe(false);
    expect(playsAsIs(media({ fps: 120 }))).toBe(false);
    expect(heights(media({ videoCodec: "vp9" }))).toEqual(["360", "720", "1080"]);
  });

  it("is not made when it would be the upload alone", () => {
    expect(noLadderReason(ladderFor(media({ height: 360 })))).toMatch(/already/);
    expect(noLadderReason(ladderFor(media({ height: 360, videoCodec: "hevc" })))).toBeNull();
  });
});

describe("ffmpeg's arguments", () => {
  it("copy the top rung, scale the others, and give each rung the one sound track", () => {
    const args = ffmpegArgs("/in.mp4", media({ height: 720 }), ladderFor(media({ height: 720 })), 1);
    expect(args).toContain("[0:v:0]split=1[s0];[s0]scale=-2:360,format=yuv420p[o0]");
    expect(args.join(" ")).toContain("-map [o0] -c:v:0 libx264");
    expect(args.join(" ")).toContain("-map 0:v:0 -c:v:1 copy");
    expect(args.join(" ")).toContain("-map 0:a:0 -map 0:a:0 -c:a copy");
    expect(args[args.indexOf("-var_stream_map") + 1]).toBe("v:0,a:0,name:360p v:1,a:1,name:720p");
  });

  it("leave the sound out of a silent video, and encode sound that is not AAC", () => {
    const silent = ffmpegArgs("/in.mp4", media({ audioCodec: null }), ladderFor(media()), 1);
    expect(silent).not.toContain("0:a:0");
    expect(silent[silent.indexOf("-var_stream_map") + 1]).toBe("v:0,name:360p v:1,name:720p v:2,name:1080p");
    const opus = ffmpegArgs("/in.mp4", media({ audioCodec: "opus" }), ladderFor(media()), 1);
    expect(opus.join(" ")).toContain("-c:a aac -b:a 128k");
  });
});
