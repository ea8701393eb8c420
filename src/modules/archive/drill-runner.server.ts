import { processValue } from "@/lib/process-value";
import type { DrillResult } from "./restore-drill.server";

/** Runs a restore drill of the archive `file`, wherever this process runs them. */
export type DrillRunner = (file: string) => Promise<DrillResult>;

// Here, in this thread (the dev server, a test, a command), unless the site worker hands
// drills to a thread of their own. The restore's code loads with the first drill: the site
// worker, which never drills in its own thread, does not hold it.
const held = processValue<DrillRunner>(import.meta.hot, "drillRunner", () => async (file) => {
  const { restoreDrill } = await import("./restore-drill.server");
  return restoreDrill(file);
});

/** Drill the archive `file` where this process drills them. */
export const runDrill = (file: string): Promise<DrillResult> => held.get()(file);

/** Run drills with `runner` from now on (the site worker's thread of their own). */
export const useDrillRunner = (runner: DrillRunner): void => {
  held.set(runner);
};
