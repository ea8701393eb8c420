import { expect, it } from "vitest";
import { backupName, backupNameSchema, isBackupName, PARTIAL_PREFIX, VERIFYING_PREFIX } from "./backup-names";

it("names a backup by the time its rows were read, and reads only such names back", () => {
  const name = backupName(new Date("2026-11-28T03:17:05.250Z"), "k3f9qa");
  expect(name).toBe("backup-2026-11-28-031705-k3f9qa.zip");
  expect(isBackupName(name)).toBe(true);
  expect(backupNameSchema.safeParse(name).success).toBe(true);
});

it.each([
  "../backup-2026-11-28-031705-k3f9qa.zip",
  "backup-2026-11-28-031705-k3f9qa.zip/../../db",
  "/etc/passwd",
  `${PARTIAL_PREFIX}0b8a.zip`,
  `${VERIFYING_PREFIX}0b8a.zip`,
  "backup-2026-11-28-031705-K3F9QA.zip",
  "backup-2026-11-28-031705-k3f9qa.zip\n",
  "",
])("refuses %j as a backup's name", (name) => {
  expect(isBackupName(name)).toBe(false);
  expect(backupNameSchema.safeParse(name).success).toBe(false);
});
