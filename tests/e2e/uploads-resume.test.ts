import { test } from "@playwright/test";
import { expectResumedInTheBrowser } from "./large-upload";

test("a video above 100 MB goes up to the site in parts, shows its progress, and after a dropped connection its Retry sends only the parts missing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await expectResumedInTheBrowser(page, 110 * 1024 * 1024);
});
