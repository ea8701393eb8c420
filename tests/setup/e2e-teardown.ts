import { rm } from "node:fs/promises";

/** Remove the browser tests' temporary data directory. */
export default async function teardown(): Promise<void> {
  const dir = process.env.E2E_DATA_DIR;
  if (dir) await rm(dir, { recursive: true, force: true });
}
