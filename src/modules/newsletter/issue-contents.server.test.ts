import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { samplePost } from "../../../tests/setup/sample-items.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { createPost } from "@/modules/posts/post-writes.server";
import { useDatabase } from "@/lib/site-database.server";
import { issueTag, tagNames } from "./issue-contents.server";
import { createIssue } from "./issues.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  useDatabase(handle);
});
afterAll(async () => {
  await handle.close();
});

it("names an issue's campaign tag by the issue's subject, and leaves any other tag as it came", async () => {
  const post = await createPost(handle.db, samplePost({ title: "A Kettle, Boiling Eventually" }));
  const issue = await createIssue(handle.db, "https://meh.example", "Mostly Meh", {
    postIds: [post.id],
    videoIds: [],
    subject: "Kettles",
  });
  const gone = issueTag(issue.id + 1000);
  const names = await tagNames(handle.db, [issueTag(issue.id), "spring-flyer", gone]);
  expect(Object.fromEntries(names)).toEqual({
    [issueTag(issue.id)]: "Issue: Kettles",
    "spring-flyer": "spring-flyer",
    [gone]: gone,
  });
  expect((await tagNames(handle.db, [])).size).toBe(0);
});
