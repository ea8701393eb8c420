import "../src/server/load-env.ts";
import { parseArgs } from "node:util";
import { createDb, DatabaseInUseError } from "../db/client.ts";
import { runMigrations } from "../db/migrate.ts";
import { createOrResetAdmin, DEFAULT_ADMIN, generatePassword } from "../src/modules/auth/admin-account.server.ts";
import { parseSettings } from "../src/lib/settings.server.ts";

const usage = `Create an admin, or reset an existing user's password and make them admin.

  npm run admin:create -- [--username <name>] [--password <password>] [--remove-factors]

Without --password, ADMIN_PASSWORD is used; without either, a random password is printed.
Without --username, ADMIN_USERNAME is used, else "${DEFAULT_ADMIN}". Signs that user out everywhere.
The user's passkeys, authenticator app and recovery codes stay, unless --remove-factors is
given: the way back in for an owner who lost all of them.`;

const { values } = parseArgs({
  options: {
    username: { type: "string" },
    password: { type: "string" },
    "remove-factors": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const settings = parseSettings(process.env);
const username = values.username ?? settings.admin?.username ?? DEFAULT_ADMIN;
const password = values.password ?? settings.admin?.password ?? generatePassword();
const printPassword = !values.password && !settings.admin;

let handle;
try {
  handle = createDb(settings.databaseUrl);
} catch (error) {
  if (error instanceof DatabaseInUseError) {
    console.error(
      `\n  ${error.message}\n  Stop the server first: the embedded database takes one process at a time.\n`,
    );
    process.exit(1);
  }
  throw error;
}
try {
  await runMigrations(handle);
  const removeFactors = values["remove-factors"] ?? false;
  const result = await createOrResetAdmin(handle.db, username, password, { removeFactors });
  console.log(`\n  Admin "${username}" ${result === "created" ? "created" : "reset; their sessions were signed out"}.`);
  if (result === "reset" && removeFactors) {
    console.log(
      "  Their passkeys, authenticator app and recovery codes were removed: add them again at /admin/account.",
    );
  }
  if (printPassword) console.log(`  Password: ${password}  (shown only once)`);
  console.log("");
} catch (error) {
  console.error(`\n  ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
