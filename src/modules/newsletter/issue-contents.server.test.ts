import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { samplePost } from "../../../tests/setup/sample-items.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { createPost } from "@/modules/posts/post-writes.server";
import { useDatabase } from "@/lib/site-database.server";
import { issueItems, issueTag, tagNames } from "./issue-contents.server";
import { issueLetter } from "./letters.server";
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

it("carries a post sent alone as the whole essay, notes at its end and links absolute; a digest carries summaries", async () => {
  const essay = await createPost(
    handle.db,
    samplePost({
      title: "A Radiator, Warm",
      content: "It was *warm*.[^1] See [the archive](/archive).\n\n[^1]: Mostly.",
      format: "markdown",
    }),
  );
  const other = await createPost(handle.db, samplePost({ title: "A Door, Ajar" }));
  const [alone] = await issueItems(handle.db, "https://meh.example", { postIds: [essay.id], videoIds: [] });
  expect(alone?.body).toContain("<em>warm</em>");
  expect(alone?.body).toContain('<a href="https://meh.example/archive">the archive</a>');
  expect(alone?.body).toMatch(/<section data-footnotes class="footnotes">.*Mostly\./s);
  expect(alone?.body).not.toContain("sidenote");
  const letter = await issueLetter({
    siteName: "Mostly Meh",
    siteUrl: "https://meh.example",
    subject: "Radiators",
    items: alone ? [alone] : [],
    unsubscribeUrl: "https://meh.example/unsubscribe",
  });
  expect(letter.html).toContain("<em>warm</em>");
  expect(letter.text).toContain("Mostly.");
  const digest = await issueItems(handle.db, "https://meh.example", { postIds: [essay.id, other.id], videoIds: [] });
  expect(digest.map((item) => item.body)).toEqual([undefined, undefined]);
});
