// What `astro build` leaves for `npm start` (scripts/start.ts) to run, from the project folder.

const SERVER_DIR = "./dist/server";

/** The server entry the Node adapter builds. */
export const SERVER_ENTRY = `${SERVER_DIR}/entry.mjs`;

/** The front server and the site worker, each built as one file (src/lib/start-bundles.ts). */
export const START_BUNDLES = { "front-server": "scripts/front-server.ts", "site-worker": "scripts/site-worker.ts" };

const built = (bundle: keyof typeof START_BUNDLES) => `${SERVER_DIR}/${bundle}.mjs`;
export const FRONT_SERVER = built("front-server");
export const SITE_WORKER = built("site-worker");
