import { apiRequest, readableError } from "@/lib/api-request";
import type { BackupRunView } from "./backup-view";

/** What GET /api/data/backups answers. */
interface BackupsState {
  running: BackupRunView | null;
  last: BackupRunView | null;
}

/** The event the panel sends once its list holds a backup: the drill's button has one to drill. */
export const BACKUP_KEPT = "backup-kept";

// A backup takes seconds on a small site and minutes on a large one: asked this often, the bar moves.
const POLL_MS = 1_000;

const percent = (progress: number) => `${String(Math.round(progress * 100))}%`;

/**
 * The data screen's backups: "Back up now" begins a run and follows it on a progress bar until
 * it ends, then puts the page's fresh list in place of the old one; "Verify" checks one and
 * says what it found, beside it.
 */
export function mountBackupsPanel(panel: HTMLElement): void {
  const button = panel.querySelector<HTMLButtonElement>("[data-backup-now]");
  const bar = panel.querySelector<HTMLProgressElement>("[data-backup-progress] progress");
  const barBox = panel.querySelector<HTMLElement>("[data-backup-progress]");
  const barText = panel.querySelector<HTMLElement>("[data-backup-progress] [data-percent]");
  const message = panel.querySelector<HTMLElement>("[data-backup-message]");
  if (!button || !bar || !barBox || !barText || !message) return;

  const say = (text: string) => {
    message.textContent = text;
  };
  const show = (run: BackupRunView | null) => {
    barBox.hidden = !run;
    button.disabled = Boolean(run);
    if (!run) return;
    bar.value = run.progress;
    barText.textContent = percent(run.progress);
  };
  const refreshList = async () => {
    const page = new DOMParser().parseFromString(await (await fetch(location.href)).text(), "text/html");
    const fresh = page.querySelector("[data-backups-list]");
    const current = panel.querySelector("[data-backups-list]");
    if (fresh && current) current.replaceWith(document.importNode(fresh, true));
    if (page.querySelector("[data-backup]")) panel.dispatchEvent(new Event(BACKUP_KEPT, { bubbles: true }));
  };
  const follow = async (runId: number | undefined) => {
    for (;;) {
      const state = await apiRequest<BackupsState>("GET", "/api/data/backups");
      show(state.running);
      if (!state.running || (runId !== undefined && state.running.id !== runId)) {
        const ended = state.last;
        if (ended?.status === "failed") say(`The backup failed: ${ended.error ?? "no reason was given."}`);
        else say("The backup is done and listed below.");
        await refreshList();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  button.addEventListener("click", () => {
    say("Backing up…");
    show({ progress: 0 } as BackupRunView);
    apiRequest<{ runId: number }>("POST", "/api/data/backups")
      .then(({ runId }) => follow(runId))
      .catch((error: unknown) => {
        show(null);
        say(readableError(error, "The backup could not be started."));
      });
  });

  panel.addEventListener("click", (event) => {
    const verify = (event.target as HTMLElement).closest<HTMLButtonElement>("[data-verify]");
    const name = verify?.dataset.verify;
    const result = verify?.closest("tr")?.querySelector<HTMLElement>("[data-verify-result]");
    if (!verify || !name || !result) return;
    verify.disabled = true;
    result.textContent = "Checking…";
    apiRequest<{ files: number }>("POST", `/api/data/backups/${encodeURIComponent(name)}/verify`)
      .then(({ files }) => {
        result.textContent = `OK: all ${String(files)} files match their checksums.`;
      })
      .catch((error: unknown) => {
        result.textContent = `Damaged: ${readableError(error, "it could not be checked.")}`;
      })
      .finally(() => {
        verify.disabled = false;
      });
  });

  if (panel.dataset.running) {
    show({ progress: Number(panel.dataset.running) } as BackupRunView);
    void follow(undefined).catch((error: unknown) => {
      say(readableError(error, "The backup's progress could not be read."));
    });
  }
}
