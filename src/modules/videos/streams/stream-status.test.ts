import { expect, it } from "vitest";
import { liveWhilePreparing, streamingWords, type StreamStatus } from "./stream-status";

const status = (overrides: Partial<StreamStatus>): StreamStatus => ({
  status: "queued",
  progress: 0,
  reason: null,
  repackaged: false,
  ...overrides,
});

it("says where a ladder stands, as the manager shows it", () => {
  expect(streamingWords(status({ status: "running", progress: 0.404 }))).toBe("Streaming: preparing, 40 %");
  expect(streamingWords(status({ status: "done", repackaged: true }))).toMatch(/ready \(the upload repackaged/);
  expect(streamingWords(status({ status: "failed", reason: "the file has no video stream" }))).toBe(
    "Streaming: failed: the file has no video stream",
  );
  expect(streamingWords(status({ status: "unavailable" }))).toMatch(/ffmpeg is not installed/);
});

it("is asked again only while the ladder waits or is made", () => {
  expect(liveWhilePreparing("queued")).toBeGreaterThan(0);
  expect(liveWhilePreparing("running")).toBeGreaterThan(0);
  expect(liveWhilePreparing("done")).toBe(false);
  expect(liveWhilePreparing(undefined)).toBe(false);
});
