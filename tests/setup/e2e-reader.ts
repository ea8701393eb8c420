import "../../src/server/load-env.ts";
import { createDb } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { tables } from "../../src/lib/db.server.ts";
import { hashPassword } from "../../src/modules/auth/password.server.ts";
import { parseSettings } from "../../src/lib/settings.server.ts";
import { E2E_READER } from "../e2e/support.ts";

// A signed-up account without the admin role, which the site has no screen to make: the
// browser tests sign in with it to see what a non-admin is told.
const handle = createDb(parseSettings(process.env).databaseUrl);
try {
  await runMigrations(handle);
  await handle.db
    .insert(tables.users)
    .values({ username: E2E_READER.username, passwordHash: await hashPassword(E2E_READER.password), role: "user" })
    .onConflictDoNothing();
} finally {
  await handle.close();
}
