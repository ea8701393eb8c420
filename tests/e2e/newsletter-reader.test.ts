import { expect, test } from "./fixtures";
import { linkTo, messageTo } from "./outbox-helpers";
import { signupReady, siteOrigin } from "./support";

test("a reader subscribes, confirms from the message, leaves from its link, and asks to come back", async ({
  page,
  request,
  admin,
}) => {
  const address = `reader-${crypto.randomUUID().slice(0, 8)}@example.org`;
  await page.goto("/");
  const field = page.getByLabel("Email address");
  await field.scrollIntoViewIfNeeded();
  await signupReady(page);
  await field.fill(address);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Successfully subscribed!" })).toBeVisible();

  const confirmation = await messageTo(address);
  expect(confirmation.subject).toBe("Confirm your subscription to Mostly Meh");
  const confirmLink = linkTo(confirmation, "/newsletter/confirm");
  expect(confirmLink).not.toBe("");
  // Opening the link asks; only the button confirms (a mail scanner's visit confirms nobody).
  const opened = await request.get(confirmLink);
  expect(opened.headers()["cache-control"]).toBe("private, no-store");
  await page.goto(confirmLink);
  await expect(page.getByRole("heading", { name: "One click, and you're on the list" })).toBeVisible();
  const statusOf = async () => {
    const listed = await admin.get(`/api/newsletter/subscribers?search=${encodeURIComponent(address)}`);
    return ((await listed.json()) as { status: string }[]).map((reader) => reader.status);
  };
  expect(await statusOf()).toEqual(["pending"]);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { name: "You're on the list" })).toBeVisible();
  expect(await statusOf()).toEqual(["active"]);

  // The message's way out, in words: a page with a button, then a way back in.
  await page.goto(linkTo(confirmation, "/newsletter/unsubscribe"));
  await expect(page.getByRole("heading", { name: "Leave the newsletter?" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You're off the list" })).toBeVisible();
  await page.getByRole("button", { name: "Subscribe again" }).click();
  await expect(page.getByRole("heading", { name: "One more step" })).toBeVisible();
  // Back only by confirming again (the token is in every message, forwarded ones too): until
  // then, waiting. This mailbox had its one confirmation of the day, so none goes today.
  expect(await statusOf()).toEqual(["pending"]);

  // A mail program's one-click button: a POST to List-Unsubscribe, no cookie, no page.
  const oneClick = /<([^>]+)>/.exec(
    confirmation.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "",
  )?.[1];
  expect(oneClick).toMatch(new RegExp(`^${siteOrigin()}/api/newsletter/unsubscribe\\?token=`));
  const left = await request.post(oneClick ?? "", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(left.status()).toBe(200);
  expect(await left.json()).toEqual({ outcome: "done" });
  // The message's link, opened by a reader who has left: told so, and not asked again.
  await page.goto(linkTo(confirmation, "/newsletter/unsubscribe"));
  await expect(page.getByRole("heading", { name: "You're off the list" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  // That is the one write another site may send: the confirmation's form, and a page's
  // own form (the nickname generator's, without JavaScript), are refused from elsewhere.
  const elsewhere = { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://elsewhere.example" };
  const token = new URL(confirmLink).searchParams.get("token") ?? "";
  expect((await request.post("/api/newsletter/confirm", { headers: elsewhere, data: `token=${token}` })).status()).toBe(
    403,
  );
  expect((await request.post("/nickname-generator", { headers: elsewhere, data: "name=Kim" })).status()).toBe(403);

  // A link that names nobody says so, and asks nothing.
  await page.goto("/newsletter/confirm?token=1.nonsense");
  await expect(page.getByRole("heading", { name: "This link has gone stale" })).toBeVisible();
});
