import { expect, it } from "vitest";
import { backupsPlace, contentsText, drillOutcomeText, drillTookText, scheduleText } from "./data-screen";

it("says where backups are, in the folder or the bucket", () => {
  expect(backupsPlace(undefined)).toBe("DATA_DIR/backups");
  expect(backupsPlace("meh")).toBe("s3://meh/backups/");
});

it("says what a backup holds from its counts, a table it lacks as none", () => {
  expect(contentsText({ posts: 12, videos: 1, newsletter_subscribers: 40 })).toBe("12 posts, 1 video, 40 readers");
  expect(contentsText({})).toBe("0 posts, 0 videos, 0 readers");
});

it("says a daily schedule as a time of day, any other as it is written", () => {
  expect(scheduleText("17 3 * * *")).toBe("every day at 03:17 UTC");
  expect(scheduleText("0 23 * * *")).toBe("every day at 23:00 UTC");
  expect(scheduleText("0 */6 * * *")).toBe("on the schedule 0 */6 * * * (UTC)");
  expect(scheduleText("30 2 * * 1")).toBe("on the schedule 30 2 * * 1 (UTC)");
});

it("says how long a drill took, in seconds under a minute and minutes past one", () => {
  expect(drillTookText(3_240)).toBe("3.2 s");
  expect(drillTookText(12)).toBe("0.1 s");
  expect(drillTookText(65_000)).toBe("1:05");
});

it("says a drill was OK with the tables it counted, or what differed", () => {
  const counted = { expected: 1, restored: 1 };
  expect(drillOutcomeText({ ok: true, differences: [], tables: { posts: counted, users: counted } })).toBe(
    "OK: all 2 tables hold the rows the manifest counts.",
  );
  expect(
    drillOutcomeText({
      ok: false,
      differences: ["posts: 3 rows restored, the manifest counts 4", "users: 0 rows restored, the manifest counts 1"],
      tables: {},
    }),
  ).toBe("Failed: posts: 3 rows restored, the manifest counts 4; users: 0 rows restored, the manifest counts 1");
});
