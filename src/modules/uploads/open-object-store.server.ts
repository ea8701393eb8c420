import type { Db } from "@/lib/db.server";
import type { Settings } from "@/lib/settings.server";
import type { ObjectStore } from "./object-store.server";

/** The store the settings name: S3 when S3_BUCKET is set, else the uploads folder. */
export async function createObjectStore(settings: Settings, db: Db): Promise<ObjectStore> {
  if (settings.s3) {
    // Loaded only when configured: the AWS SDK is large and most sites never need it.
    const { S3Store } = await import("./s3-store.server");
    return new S3Store(settings.s3);
  }
  const { LocalStore } = await import("./local-store.server");
  return new LocalStore(settings.uploadsDir, db);
}
