// What `astro build` leaves for `npm start` (scripts/start.ts) to run, from the project folder.

/** The server entry the Node adapter builds. */
export const SERVER_ENTRY = "./dist/server/entry.mjs";

/** The front server and the site worker, each built as one file (src/lib/start-bundles.ts). */
export const START_BUNDLES = { "front-server": "scripts/front-server.ts", "site-worker": "scripts/site-worker.ts" };

export const FRONT_SERVER = "./dist/server/front-server.mjs";
export const SITE_WORKER = "./dist/server/site-worker.mjs";
