import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

// The headless shell first: the browser without its windows, tabs and their WebUI, which
// ran the same browser suite in two thirds of the time the full browser took headless.
const SYSTEM_CHROMIUMS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else the system's headless shell or
 * browser, else Playwright's own (installed on first use when the machine has neither).
 */
export function chromiumExecutable(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return configured;
  const system = SYSTEM_CHROMIUMS.find((file) => existsSync(file));
  if (system) return system;
  const bundled = chromium.executablePath();
  if (!existsSync(bundled)) {
    const install = spawnSync("playwright", ["install", "chromium"], { stdio: "inherit" });
    if (install.status !== 0) throw new Error("No Chromium found and `playwright install chromium` failed.");
  }
  return bundled;
}
