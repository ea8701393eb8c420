import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { databaseOutage, outagePage } from "./database-outage.server";
import { errorResponse } from "./http.server";

const timedOut = new DrizzleQueryError("select 1", [], new Error("Query read timeout"));

describe("a database that cannot answer", () => {
  it("is answered 503 with Retry-After by the one error mapping, not 500", async () => {
    const response = errorResponse(timedOut);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ code: "unavailable" });
  });

  it("is shown to a page's visitor as a 503 page with Retry-After", async () => {
    const outage = databaseOutage(timedOut);
    if (!outage) expect.unreachable("a query timeout is an outage");
    const response = outagePage(outage);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe(String(outage.retryAfterSeconds));
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain("try again");
  });

  it("is not made of any other error", () => {
    expect(databaseOutage(new Error("Post not found"))).toBeUndefined();
  });
});
