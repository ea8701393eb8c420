import { describe, expect, it } from "vitest";
import { ffprobeBeside } from "./ffmpeg.server";
import { frameRate, readProbe } from "./probe.server";

describe("ffprobe's answer", () => {
  it("is read for the picture, the sound and the length", () => {
    const json = JSON.stringify({
      streams: [
        { codec_type: "audio", codec_name: "aac" },
        {
          codec_type: "video",
          codec_name: "h264",
          width: 1280,
          height: 720,
          pix_fmt: "yuv420p",
          avg_frame_rate: "30000/1001",
          r_frame_rate: "30000/1001",
        },
      ],
      format: { duration: "5.005000" },
    });
    expect(readProbe(json)).toEqual({
      width: 1280,
      height: 720,
      fps: 30000 / 1001,
      videoCodec: "h264",
      pixelFormat: "yuv420p",
      audioCodec: "aac",
      seconds: 5.005,
    });
  });

  it("refuses a file with no picture", () => {
    const json = JSON.stringify({ streams: [{ codec_type: "audio", codec_name: "mp3" }], format: {} });
    expect(() => readProbe(json)).toThrow("no video stream");
  });

  it("reads rates, an unknown one as none", () => {
    expect(frameRate("25/1")).toBe(25);
    expect(frameRate("0/0")).toBe(0);
  });
});

describe("ffprobe", () => {
  it("is looked for beside ffmpeg", () => {
    expect(ffprobeBeside("/opt/ff/bin/ffmpeg")).toBe("/opt/ff/bin/ffprobe");
    expect(ffprobeBeside("ffmpeg")).toBe("ffprobe");
  });
});
