import { expect, it } from "vitest";
import { backupsPlace, contentsText } from "./data-screen";

it("says where backups are, in the folder or the bucket", () => {
  expect(backupsPlace(undefined)).toBe("DATA_DIR/backups");
  expect(backupsPlace("meh")).toBe("s3://meh/backups/");
});

it("says what a backup holds from its counts, a table it lacks as none", () => {
  expect(contentsText({ posts: 12, videos: 1, newsletter_subscribers: 40 })).toBe("12 posts, 1 video, 40 readers");
  expect(contentsText({})).toBe("0 posts, 0 videos, 0 readers");
});
