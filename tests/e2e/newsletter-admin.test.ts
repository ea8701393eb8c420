import type { APIRequestContext } from "@playwright/test";
import { signInAs } from "./admin-helpers";
import { made, marker, postBody } from "./editorial-helpers";
import { expect, test } from "./fixtures";
import { linkTo, messageTo, outboxMessage } from "./outbox-helpers";
import { E2E_ADMIN, fromVisitor, problemsIn, siteOrigin } from "./support";

/** Two issues of `postId` sent already, as the month's two: a third waits for the owner's word. */
async function twoSentThisMonth(admin: APIRequestContext, postId: number): Promise<void> {
  for (let n = 0; n < 2; n++) {
    const issue = (await (await admin.post("/api/newsletter/issues", { data: { postIds: [postId] } })).json()) as {
      id: number;
    };
    const sent = await admin.post(`/api/newsletter/issues/${String(issue.id)}/send`, { data: { overLimit: true } });
    expect(sent.status(), await sent.text()).toBe(200);
  }
}

test("the owner writes the digest, sends it, watches the ledger fill, and finds each copy in the outbox", async ({
  page,
  admin,
  request,
}) => {
  test.setTimeout(90_000);
  // A reader, confirmed from their own message, and something new to tell them about.
  const address = `digest-${marker()}@example.org`;
  const fromSite = { Origin: siteOrigin(), ...fromVisitor() };
  const subscribed = await request.post("/api/newsletter/subscribe", { headers: fromSite, data: { email: address } });
  expect(subscribed.status()).toBe(200);
  const token = new URL(linkTo(await messageTo(address), "/newsletter/confirm")).searchParams.get("token");
  expect((await request.post("/api/newsletter/confirm", { headers: fromSite, data: { token } })).status()).toBe(200);
  const word = marker();
  await made(admin, "/api/posts", postBody(word));
  // Carried by issues of its own, so the digest leaves it out.
  await twoSentThisMonth(admin, (await made(admin, "/api/posts", postBody(marker()))).id);

  // The whole Send journey, the monthly question included, logs nothing the owner would take for a fault.
  const problems = problemsIn(page, { ignoreAborted: true });
  await signInAs(admin, page.context());
  await page.goto("/admin");
  await page.getByRole("link", { name: "Open Newsletter" }).click();
  await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Write the digest now" }).click();
  const preview = page.frameLocator('iframe[title^="Preview of"]');
  await expect(preview.getByRole("link", { name: `Unseen ${word}` }).first()).toBeVisible();

  await page.getByRole("button", { name: "Send to subscribers" }).click();
  // The signup form promises one or two a month: two have gone out, so the owner is asked
  // before anything is sent, and sends this one anyway.
  await expect(page.getByRole("alert").filter({ hasText: "2 issues have gone out in the last 30 days" })).toBeVisible();
  await page.getByRole("button", { name: "Send this one anyway" }).click();
  await expect(page.getByText(/Goes out at|Finished/)).toBeVisible();

  // The list of issues follows the sending too: "Sending soon" turns to "Sent" without a reload.
  const title = await page.locator("#newsletter-issue-title").innerText();
  await page.getByRole("button", { name: "Back to issues" }).click();
  const listed = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: title, exact: true }) });
  await expect(listed.getByText("Sent", { exact: true })).toBeVisible({ timeout: 30_000 });
  // With no SMTP server nothing left the machine: the copies were written to the outbox.
  await expect(listed).toContainText(/\d+ of \d+ written to the outbox/);
  await expect(listed).not.toContainText("delivered");
  await listed.getByRole("button", { name: title, exact: true }).click();

  const row = page.getByRole("row").filter({ hasText: address });
  await expect(row.getByText("Sent", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText("Kept in the outbox as");
  await expect(page.getByText(/Finished/)).toBeVisible({ timeout: 30_000 });
  // Every state of the ledger is counted, a copy whose server never answered among them.
  await expect(page.getByLabel("Delivery", { exact: true })).toContainText("May have arrived");

  // The ledger's row names the copy this reader was sent: one, with the list's headers.
  const subject = await page.locator("#newsletter-issue-title").innerText();
  const file = /Kept in the outbox as (\S+\.eml)/.exec(await row.innerText())?.[1] ?? "";
  const copy = await outboxMessage(file);
  expect(copy.to).toMatchObject({ text: address });
  expect(copy.subject).toBe(subject);
  expect(copy.html).toContain(`Unseen ${word}`);
  expect(copy.headerLines.map((line) => line.key)).toEqual(
    expect.arrayContaining(["list-id", "list-unsubscribe", "list-unsubscribe-post"]),
  );

  // With no SMTP server set, the Outbox shows each message as its reader would see it.
  await page.getByRole("tab", { name: "Outbox" }).click();
  const kept = page
    .getByRole("listitem")
    .filter({ hasText: `to ${address}` })
    .filter({ hasText: subject });
  await kept.first().locator("summary").click();
  await expect(
    kept
      .first()
      .frameLocator("iframe")
      .getByRole("link", { name: `Unseen ${word}` })
      .first(),
  ).toBeVisible();

  // The subscriber list finds the reader; only the owner may read it.
  await page.getByRole("tab", { name: "Subscribers" }).click();
  await page.getByLabel("Search addresses").fill(address);
  await expect(page.getByRole("row").filter({ hasText: address })).toContainText("active");
  expect((await request.get("/api/newsletter/subscribers")).status()).toBe(401);
  // Every address at once asks who is asking again, once the worker's sign-in is ten minutes old.
  const confirmed = await admin.post("/api/auth/reauthenticate", { data: { password: E2E_ADMIN.password } });
  expect(confirmed.status()).toBe(200);
  const csv = await admin.get(`/api/newsletter/subscribers?format=csv&search=${encodeURIComponent(address)}`);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain(`"${address}","active"`);
  expect(problems).toEqual([]);
});

test("a published post is emailed from its editor, and its ledger is one click away", async ({
  page,
  admin,
  request,
}) => {
  test.setTimeout(90_000);
  const address = `single-${marker()}@example.org`;
  const fromSite = { Origin: siteOrigin(), ...fromVisitor() };
  await request.post("/api/newsletter/subscribe", { headers: fromSite, data: { email: address } });
  const token = new URL(linkTo(await messageTo(address), "/newsletter/confirm")).searchParams.get("token");
  expect((await request.post("/api/newsletter/confirm", { headers: fromSite, data: { token } })).status()).toBe(200);
  const word = marker();
  const post = await made(admin, "/api/posts", postBody(word));
  await twoSentThisMonth(admin, (await made(admin, "/api/posts", postBody(marker()))).id);

  const problems = problemsIn(page, { ignoreAborted: true });
  await signInAs(admin, page.context());
  await page.goto("/admin/posts");
  await page
    .getByRole("listitem")
    .filter({ hasText: `Unseen ${word}` })
    .getByRole("button", { name: /^Edit/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit post" });
  await dialog.getByText("Email to subscribers").click();
  await dialog.getByRole("button", { name: "Email this to subscribers" }).click();
  await dialog.getByRole("button", { name: "Send this one anyway" }).click();
  await expect(dialog.getByText(/Goes out at/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Undo" })).toBeVisible();
  await dialog.getByRole("link", { name: "Watch it go" }).click();

  await expect(page.locator("#newsletter-issue-title")).toHaveText(`Unseen ${word}`);
  const row = page.getByRole("row").filter({ hasText: address });
  await expect(row.getByText("Sent", { exact: true })).toBeVisible({ timeout: 30_000 });
  const file = /Kept in the outbox as (\S+\.eml)/.exec(await row.innerText())?.[1] ?? "";
  const copy = await outboxMessage(file);
  expect(copy.subject).toBe(`Unseen ${word}`);
  expect(copy.html).toContain(`/post/${post.slug}`);
  expect(problems).toEqual([]);
});
