// What `astro build` leaves for `npm start` (src/server/start.ts) to run, from the project folder.

const SERVER_DIR = "./dist/server";

/** The server entry the Node adapter builds. */
export const SERVER_ENTRY = `${SERVER_DIR}/entry.mjs`;

/**
 * The threads' entries, built beside the server entry as entries of the same build
 * (src/server/build-entries.ts), so they share its modules rather than carry copies.
 */
export const THREAD_ENTRIES = {
  front: "src/server/front.ts",
  "site-worker": "src/server/site-worker.ts",
  "css-check-thread": "src/server/css-check-thread.ts",
  "restore-drill-thread": "src/server/restore-drill-thread.ts",
};

const built = (entry: keyof typeof THREAD_ENTRIES) => `${SERVER_DIR}/${entry}.mjs`;
export const FRONT = built("front");
export const SITE_WORKER = built("site-worker");
export const CSS_CHECK_THREAD = built("css-check-thread");
export const RESTORE_DRILL_THREAD = built("restore-drill-thread");
