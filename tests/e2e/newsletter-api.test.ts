import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";
import { siteOrigin } from "./support";

// Every POST here counts against the per-network limit (20 an hour from 127.0.0.0/24, shared
// by all files against one server): this file makes 14. Each test uses its own address.
const ENDPOINT = "/api/newsletter/subscribe";

const uniqueAddress = () => `meh-${crypto.randomUUID()}@example.com`;

function postJson(request: APIRequestContext, data: unknown): Promise<APIResponse> {
  return request.post(ENDPOINT, { headers: { Origin: siteOrigin() }, data });
}

function postForm(request: APIRequestContext, email: string): Promise<APIResponse> {
  return request.post(ENDPOINT, { headers: { Origin: siteOrigin() }, form: { email }, maxRedirects: 0 });
}

test.describe("JSON signups (the island)", () => {
  test("subscribes, and answers a repeat of the address exactly the same", async ({ request }) => {
    const email = uniqueAddress();
    const first = await postJson(request, { email });
    expect(first.status()).toBe(200);
    expect(first.headers()["cache-control"]).toBe("no-store");
    expect(await first.json()).toEqual({ ok: true });

    const repeat = await postJson(request, { email: `  ${email.toUpperCase()} ` });
    expect(repeat.status()).toBe(200);
    expect(await repeat.text()).toBe(await first.text());
  });

  test("refuses an invalid or blank address with 400 naming the field", async ({ request }) => {
    const invalid = await postJson(request, { email: "not-an-address" });
    expect(invalid.status()).toBe(400);
    expect(await invalid.json()).toEqual({
      error: "Please enter a valid email address.",
      code: "invalid",
      field: "email",
    });

    const blank = await postJson(request, { email: "   " });
    expect(blank.status()).toBe(400);
    expect(await blank.json()).toEqual({ error: "Please enter your email address.", code: "invalid", field: "email" });
  });

  test("refuses another content type with 415", async ({ request }) => {
    const res = await request.post(ENDPOINT, {
      headers: { Origin: siteOrigin(), "Content-Type": "text/plain" },
      data: `email=${uniqueAddress()}`,
    });
    expect(res.status()).toBe(415);
    expect(await res.json()).toEqual({
      error: "Content-Type must be application/json or application/x-www-form-urlencoded",
      code: "unsupported_type",
    });
  });

  test("refuses a body over 2 KB with 413", async ({ request }) => {
    const res = await postJson(request, { email: `${"a".repeat(3000)}@example.com` });
    expect(res.status()).toBe(413);
  });

  test("answers attempt after attempt at one mailbox alike, telling nobody it was held back", async ({ request }) => {
    const email = uniqueAddress();
    const [name, domain] = email.split("@");
    const spellings = [email, `${name}+a@${domain}`, `${name}+b@${domain}`, email.toUpperCase(), ` ${email}`, email];
    const answers = new Set<string>();
    for (const spelling of spellings) {
      const res = await postJson(request, { email: spelling });
      answers.add(`${String(res.status())} ${await res.text()}`);
    }
    expect([...answers]).toEqual(['200 {"ok":true}']);
  });
});

test.describe("form signups (no JavaScript)", () => {
  test("redirects a signup to the thanks page with 303", async ({ request }) => {
    const res = await postForm(request, uniqueAddress());
    expect(res.status()).toBe(303);
    expect(res.headers()["location"]).toBe("/newsletter/thanks");
    expect(res.headers()["cache-control"]).toBe("no-store");
  });

  test("redirects an invalid address to the try-again page with 303", async ({ request }) => {
    const res = await postForm(request, "not-an-address");
    expect(res.status()).toBe(303);
    expect(res.headers()["location"]).toBe("/newsletter/try-again?reason=invalid");
  });
});
