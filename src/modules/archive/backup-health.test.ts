import { expect, it } from "vitest";
import { backupHealth } from "./backup-health";

const now = new Date("2026-11-28T12:00:00Z");
const run = (status: string, startedAt: string, error: string | null = null) => ({
  status,
  startedAt: new Date(startedAt),
  bytes: status === "ok" ? 2048 : null,
  error,
});

it("says when there has never been a backup", () => {
  expect(backupHealth(undefined, undefined, now)).toEqual({ state: "never" });
});

it("is fine with a backup under two days old, and warns past that", () => {
  const recent = run("ok", "2026-11-27T03:17:00Z");
  expect(backupHealth(recent, recent, now)).toEqual({ state: "fresh", newest: { at: recent.startedAt, bytes: 2048 } });
  const old = run("ok", "2026-11-26T11:59:00Z");
  expect(backupHealth(old, old, now).state).toBe("stale");
});

it("warns when the last run failed, with its reason and the newest backup there is", () => {
  const kept = run("ok", "2026-11-27T03:17:00Z");
  const failed = run("failed", "2026-11-28T03:17:00Z", "No space left on device");
  expect(backupHealth(failed, kept, now)).toEqual({
    state: "failed",
    at: failed.startedAt,
    reason: "No space left on device",
    newest: { at: kept.startedAt, bytes: 2048 },
  });
  expect(backupHealth(failed, undefined, now)).toMatchObject({ state: "failed", newest: undefined });
});
