import { apiRequest, readableError } from "@/lib/api-request";
import type { DrillState } from "./backup-drills.server";
import { BACKUP_KEPT } from "./backups-panel";

// A drill of a small site takes seconds, of a large one minutes: asked this often, the end shows soon.
const POLL_MS = 1_000;

/**
 * The data screen's restore drill: "Run a drill" begins one and shows it running until it
 * ends, then puts the page's fresh result in place of the old one.
 */
export function mountDrillPanel(panel: HTMLElement): void {
  const button = panel.querySelector<HTMLButtonElement>("[data-drill-now]");
  const progress = panel.querySelector<HTMLElement>("[data-drill-progress]");
  const message = panel.querySelector<HTMLElement>("[data-drill-message]");
  if (!button || !progress || !message) return;

  const running = (on: boolean) => {
    progress.hidden = !on;
    button.disabled = on;
  };
  const refreshResult = async () => {
    const page = new DOMParser().parseFromString(await (await fetch(location.href)).text(), "text/html");
    const fresh = page.querySelector("[data-drill-result]");
    const current = panel.querySelector("[data-drill-result]");
    if (fresh && current) current.replaceWith(document.importNode(fresh, true));
  };
  const follow = async () => {
    for (;;) {
      const state = await apiRequest<DrillState>("GET", "/api/data/backups/drill");
      if (!state.running) {
        running(false);
        message.textContent = "The drill is done.";
        await refreshResult();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  const failed = (fallback: string) => (error: unknown) => {
    running(false);
    message.textContent = readableError(error, fallback);
  };

  button.addEventListener("click", () => {
    running(true);
    message.textContent = "";
    apiRequest<{ name: string }>("POST", "/api/data/backups/drill")
      .then(({ name }) => {
        message.textContent = `Drilling ${name}…`;
        return follow();
      })
      .catch(failed("The drill could not be started."));
  });

  document.addEventListener(BACKUP_KEPT, () => {
    if (!progress.hidden) return;
    button.disabled = false;
    button.removeAttribute("aria-describedby");
    panel.querySelector("#drill-needs-backup")?.remove();
  });

  if (panel.dataset.drillRunning) {
    message.textContent = `Drilling ${panel.dataset.drillRunning}…`;
    void follow().catch(failed("The drill's progress could not be read."));
  }
}
