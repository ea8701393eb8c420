import "../src/server/load-env.ts";
import { settings } from "../src/server/runtime.ts";
import { adminBanner } from "../src/server/banner.ts";
import { prepareDb } from "../src/server/prepare-db.ts";

// For `npm run dev`: migrate, seed and ensure an admin, then let go of the database so the
// dev server can open it (the embedded database takes one process at a time).
const { handle, admin } = await prepareDb(settings());
await handle.close();
const lines = adminBanner(admin, `http://${settings().host}:${settings().port}`);
console.log(`\n  ${lines.join("\n  ")}\n`);
