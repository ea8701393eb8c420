import "./load-env.ts";
import { settings } from "../src/lib/runtime.server.ts";
import { adminBanner } from "./banner.ts";
import { prepareDb } from "./prepare-db.ts";

// For `npm run dev`: migrate, seed and ensure an admin, then let go of the database so the
// dev server can open it (the embedded database takes one process at a time).
const { handle, admin } = await prepareDb(settings());
await handle.close();
const lines = adminBanner(admin, `http://${settings().host}:${settings().port}`);
console.log(`\n  ${lines.join("\n  ")}\n`);
