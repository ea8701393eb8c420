import { test as base, type APIRequestContext } from "@playwright/test";
import { E2E_ADMIN, visitorAddress } from "./support";

interface Fixtures {
  /** A request context signed in as the admin, with the site's Origin on every call. */
  admin: APIRequestContext;
}

// One sign-in per worker, from the worker's own address (the test servers trust the
// loopback as a proxy): sign-ins are throttled per client address.
export const test = base.extend<object, Fixtures>({
  // Each test is a visitor of its own address (the test servers trust the loopback as a
  // proxy): what is limited per address (sign-ins, signups, nickname calls) counts each
  // test alone, however often the suite runs.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": visitorAddress() });
  },
  admin: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL ?? "";
      const origin = baseURL.replace(/\/+$/, "");
      const { workerIndex } = workerInfo;
      const address = `10.255.${Math.floor(workerIndex / 256) % 256}.${workerIndex % 256}`;
      const context = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { Origin: origin, "X-Forwarded-For": address },
      });
      const response = await context.post("/api/auth/login", { data: E2E_ADMIN });
      if (!response.ok()) throw new Error(`admin sign-in failed: ${response.status()} ${await response.text()}`);
      await use(context);
      await context.dispose();
    },
    { scope: "worker" },
  ],
});

export { expect } from "@playwright/test";
