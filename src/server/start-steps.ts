import type { Settings } from "../lib/settings.server.ts";

/**
 * Logs how long a step of the start took, at LOG_LEVEL=debug, so a slow start (a restart after
 * a crash should serve within 1.5 s) tells where its time went, as Ghost's boot does.
 * @example
 * const logStep = startSteps(settings.logLevel);
 * const began = performance.now();
 * await prepareDb(settings);
 * logStep("database opened", began); // start: database opened in 412 ms
 */
export function startSteps(
  level: Settings["logLevel"],
  log: (line: string) => void = (line) => {
    console.debug(line);
  },
): (step: string, since: number) => void {
  return (step, since) => {
    if (level === "debug") log(`start: ${step} in ${Math.round(performance.now() - since)} ms`);
  };
}
