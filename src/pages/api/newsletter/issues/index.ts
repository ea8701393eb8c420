import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import { createIssue, listIssues, serializeIssue, NO_DELIVERIES } from "@/modules/newsletter/issues.server";
import { issueInputSchema } from "@/modules/newsletter/issue-schema";

export const GET = defineRoute({
  access: "admin",
  run: ({ db }) => listIssues(db),
});

// No ids: the digest of what went public since the last digest and was not emailed yet.
export const POST = defineRoute({
  access: "admin",
  body: issueInputSchema,
  status: 201,
  run: async ({ body, db }) => {
    const { siteUrl, siteName } = settings();
    return serializeIssue(await createIssue(db, siteUrl, siteName, body), NO_DELIVERIES);
  },
});
