import { processValue } from "@/lib/process-value";
import { settings } from "@/lib/settings.server";
import { db } from "@/lib/site-database.server";
import type { ObjectStore } from "./object-store.server";
import { createObjectStore } from "./open-object-store.server";

// Made on first use, so a process that never serves an upload loads no S3 client.
const held = processValue<Promise<ObjectStore>>(import.meta.hot, "objects", () => createObjectStore(settings(), db()));

/** The object store the settings name: an S3 bucket, or the uploads folder. */
export const siteObjects = (): Promise<ObjectStore> => held.get();

/**
 * Use an already made object store (a test keeps uploads in a folder of its own), or, given
 * undefined, the settings' own again on next use (a test hands back what it set).
 */
export const useObjectStore = (store: ObjectStore | undefined): void => {
  held.set(store && Promise.resolve(store));
};
