/** A backup run as the screen and `npm run backup` read it. */
export interface BackupRunView {
  id: number;
  status: "running" | "ok" | "failed";
  trigger: string;
  name: string | null;
  startedAt: string;
  finishedAt: string | null;
  progress: number;
  bytes: number | null;
  tables: Record<string, number> | null;
  error: string | null;
}
