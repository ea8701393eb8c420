import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL here; migrations are applied at start by the
// programmatic migrator (db/migrate.ts), because `drizzle-kit migrate` does not
// load PGlite's extensions.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
