import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { uploadTargetSchema, type UploadTarget } from "../../src/modules/uploads/contract";

/** The admin the browser tests sign in as: the servers are started with these as ADMIN_USERNAME/PASSWORD. */
export const E2E_ADMIN = { username: "e2e-admin", password: "a long e2e password" };
/** An account without the admin role (tests/setup/e2e-reader.ts makes it). */
export const E2E_READER = { username: "e2e-reader", password: "a long reader password" };

/** The data directory of one of the browser tests' servers, each in the run's own folder. */
export const e2eDataDir = (server: "pglite" | "s3" | "postgres"): string =>
  path.join(process.env.E2E_DATA_DIR ?? "", server);

/** The bucket of the S3 test server: a fake S3 on loopback that checks signatures and upload policies. */
export const E2E_S3 = { bucket: "meh-e2e", region: "us-east-1", accessKeyId: "e2e-key", secretAccessKey: "e2e-secret" };

/** Ask for one upload's parameters, as the upload island does, held to the shared contract. */
export async function uploadUrl(admin: APIRequestContext, contentType: string): Promise<UploadTarget> {
  const response = await admin.get(`/api/objects/upload-url?contentType=${encodeURIComponent(contentType)}`);
  return uploadTargetSchema.parse(await response.json());
}

/**
 * The address the running test signs in from, sent as X-Forwarded-For (the test servers
 * trust the loopback as their proxy): sign-ins are limited per address, and a suite run
 * over and over from one address would otherwise meet that limit, as no visitor does.
 */
export function visitorAddress(): string {
  const { workerIndex, repeatEachIndex, testId } = test.info();
  let hash = 0;
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${workerIndex % 256}.${repeatEachIndex % 256}.${(hash % 254) + 1}`;
}

/** Headers that make a request come from the running test's own address. */
export const fromVisitor = (): Record<string, string> => ({ "X-Forwarded-For": visitorAddress() });

/** The site's origin in this project: the test server's SITE_URL, without a trailing slash. */
export function siteOrigin(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error("the project has no baseURL");
  return url.replace(/\/+$/, "");
}

/** Every public page, as a visitor reaches it. */
export const PUBLIC_PAGES = [
  "/",
  "/?category=Meh%20Moments",
  "/about",
  "/anhedonia",
  "/archive",
  "/archive?search=waiting",
  "/archive?category=Waiting%20Room%20Diaries",
  "/videos",
  "/videos/ceiling-tiles-ranked",
  "/post/chair-number-four-left-of-the-ficus",
  "/post/in-praise-of-the-hotel-lobby-painting",
  "/post/hold-music-movement-two",
  "/nickname-generator",
  "/post/no-such-post",
  "/videos/no-such-video",
  "/no/such/page",
  "/newsletter/thanks",
  "/newsletter/try-again?reason=invalid",
];

/** Wait until the island named `component` has hydrated, so it handles input in place. */
export async function hydrated(page: Page, component: string): Promise<void> {
  await page.locator(`astro-island[component-url*="/${component}."]:not([ssr])`).waitFor({ state: "attached" });
}

/**
 * Settles once the page's own frame holds the document that an action about to be taken
 * brings (a form posted, a link followed): begin it before the action, await it after, and
 * what follows reads the new page, never the one it left, even at the same address.
 */
export function nextDocument(page: Page): Promise<unknown> {
  return page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
}

/** Wait until the newsletter form's script has taken over its submit (it works as a plain form before). */
export async function signupReady(page: Page): Promise<void> {
  await page.locator("form[data-newsletter-signup][data-enhanced]").waitFor({ state: "attached" });
}

/** Requests held at the network by `holdRequests`. */
export interface HeldRequests {
  /** Settles when the first matching request reaches the network, so it is in flight. */
  arrived: Promise<void>;
  /** Let the held requests, and every later one, go on to the server. */
  release(): void;
}

/**
 * Stop the page's installed clock a second from now: from here its time moves only when the
 * test moves it (`runFor`), however slow the machine. A clock merely installed still flows
 * with real time, so a busy machine would fire its timers between two steps of a test.
 */
export async function holdClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}

/**
 * What the page store holds for `path`: "fresh" (answered from the store), "stale" or
 * "absent". Only the admin is told; no response says it to visitors. `origin` asks another
 * instance on the same database, where the admin's session is as good.
 */
export async function cacheState(admin: APIRequestContext, path: string, origin = ""): Promise<string> {
  const response = await admin.get(`${origin}/api/pages/cache-state?path=${encodeURIComponent(path)}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { state: string }).state;
}

/**
 * Hold requests to `url` until `release()`, so a pending state (a disabled button, skeletons)
 * can be asserted while its request is provably unanswered, however fast the server is.
 */
export async function holdRequests(page: Page, url: string): Promise<HeldRequests> {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    arrive();
    await released;
    await route.continue();
  });
  return { arrived, release };
}

/**
 * The page's serious and critical accessibility violations (axe: WCAG 2.1 A/AA and best
 * practices), one line each; only within `include` when given, for a part the page's own
 * checks do not cover; never within `exclude`, such as a frame axe cannot enter (one
 * sandboxed without scripts, whose page is checked on its own), on which it would wait
 * until the test ends.
 */
export async function seriousViolations(page: Page, include?: string, exclude?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  if (exclude) builder.exclude(exclude);
  const { violations } = await builder
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * The share of pixels (0 to 1) that differ between two PNG screenshots of the same size by
 * more than `tolerance` in any colour channel, compared in the page's own canvas so no image
 * library is needed. A size mismatch counts as every pixel differing.
 */
export async function differingShare(page: Page, a: Buffer, b: Buffer, tolerance = 24): Promise<number> {
  return page.evaluate(
    async ({ first, second, tolerance }) => {
      const load = async (base64: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no 2d context");
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, canvas.width, canvas.height);
      };
      const [one, two] = await Promise.all([load(first), load(second)]);
      if (one.width !== two.width || one.height !== two.height) return 1;
      let differing = 0;
      for (let i = 0; i < one.data.length; i += 4) {
        for (let channel = 0; channel < 3; channel += 1) {
          if (Math.abs((one.data[i + channel] ?? 0) - (two.data[i + channel] ?? 0)) > tolerance) {
            differing += 1;
            break;
          }
        }
      }
      return differing / (one.width * one.height);
    },
    { first: a.toString("base64"), second: b.toString("base64"), tolerance },
  );
}

/**
 * What goes wrong in `page` from now on, as its console would show it: errors logged,
 * uncaught errors, answers refused or failed (4xx, 5xx), and requests that never finished.
 * `ignoreAborted` passes over requests cut short by leaving the page (a poll in flight).
 */
export function problemsIn(page: Page, { ignoreAborted = false } = {}): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${String(response.status())}: ${response.url()}`);
  });
  page.on("requestfailed", (request) => {
    const reason = request.failure()?.errorText ?? "";
    if (!(ignoreAborted && reason === "net::ERR_ABORTED")) problems.push(`failed: ${request.url()} ${reason}`);
  });
  return problems;
}
