import { existsSync } from "node:fs";

// Settings may come from a .env file beside package.json; real environment variables win.
if (existsSync(".env")) process.loadEnvFile(".env");
