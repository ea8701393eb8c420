import { name, version } from "../../../package.json";
import type { DbEngine } from "../../../db/client";
import { ConcurrencyGate } from "@/lib/concurrency-gate";
import type { Db } from "@/lib/db.server";
import { DomainError } from "@/lib/errors";
import { logUnexpected } from "@/lib/log-unexpected";
import { pacedBody } from "@/lib/paced-body";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { fileSlug } from "./archive-format";
import type { ArchiveRequest } from "./schema";
import { openArchive } from "./write-archive.server";

// One archive at a time per process: on the embedded database each one's read holds every
// other query back, and each holds a file of the store open and a scratch folder.
const oneAtATime = new ConcurrencyGate(1);

// How a download that its client left is told from one that failed.
const CLIENT_LEFT = new Error("The client went away");

/**
 * The name an archive downloads as: the site's, the day its rows were read (UTC), and
 * whether it holds personal data.
 * @example archiveFileName("Mostly Meh", new Date("2026-11-28T10:00:00Z"), true) // "mostly-meh-2026-11-28-with-personal-data.zip"
 */
export function archiveFileName(siteName: string, takenAt: Date, personalData: boolean): string {
  const day = takenAt.toISOString().slice(0, 10);
  return `${fileSlug(siteName) || "site"}-${day}${personalData ? "-with-personal-data" : ""}.zip`;
}

export interface DownloadSite {
  store: ObjectStore;
  engine: DbEngine;
  siteName: string;
  /** Names the download in the log, should it fail. */
  route: string;
}

/**
 * The whole site as a zip download, streamed as it is made: the rows are read (one
 * snapshot) before this resolves, the rest is made as the client reads it. A second while
 * one is being made is refused (429). A client that leaves stops it, and everything it held
 * is let go; any other failure is logged and ends the download short.
 */
export async function archiveDownload(db: Db, request: ArchiveRequest, site: DownloadSite): Promise<Response> {
  const leave = oneAtATime.enter();
  if (!leave) {
    throw new DomainError("rate_limited", "An archive is being made already; try again once it has downloaded", {
      retryAfterSeconds: 30,
    });
  }
  let archive: Awaited<ReturnType<typeof openArchive>>;
  try {
    archive = await openArchive(db, {
      personalData: request.personalData,
      store: site.store,
      engine: site.engine,
      software: { name, version },
    });
  } catch (error) {
    leave();
    throw error;
  }
  const released = archive.done.then(leave, (error: unknown) => {
    leave();
    if (error !== CLIENT_LEFT) logUnexpected(error, site.route);
  });
  const fileName = archiveFileName(site.siteName, archive.createdAt, request.personalData);
  return new Response(
    // The download ends once the archive has let go of its scratch folder and its turn: the
    // owner who has the whole file and asks again is not told one is being made.
    pacedBody(
      archive.stream,
      () => {
        archive.stop(CLIENT_LEFT);
      },
      released,
    ),
    {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      },
    },
  );
}
