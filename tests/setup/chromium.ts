import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else the system's, else
 * Playwright's own (installed on first use when the machine has neither).
 */
export function chromiumExecutable(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return configured;
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const bundled = chromium.executablePath();
  if (!existsSync(bundled)) {
    const install = spawnSync("playwright", ["install", "chromium"], { stdio: "inherit" });
    if (install.status !== 0) throw new Error("No Chromium found and `playwright install chromium` failed.");
  }
  return bundled;
}
