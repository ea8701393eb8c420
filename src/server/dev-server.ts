import type { AstroIntegration } from "astro";
import { isRunnableDevEnvironment, type Plugin } from "vite";
import type { ModuleRunner } from "vite/module-runner";
import type * as Banner from "./banner.ts";
import type * as PrepareDb from "./prepare-db.ts";
import type * as Settings from "../lib/settings.server.ts";
import type * as Wire from "./wire.ts";

/**
 * `npm run dev` (`astro dev`): the database opened and wired as `npm start`'s site worker
 * does it (prepare-db.ts, then wire.ts), in the dev server's own process, so a signup's
 * confirmation reaches the outbox, a schedule publishes and Send sends there too.
 */
export function devWiring(): AstroIntegration {
  return {
    name: "meh:dev-wiring",
    hooks: {
      "astro:config:setup": ({ command, updateConfig }) => {
        if (command === "dev") updateConfig({ vite: { plugins: [wiredDevServer()] } });
      },
    },
  };
}

/**
 * Opens the site once the dev server listens and closes it when the server closes. Vite
 * restarts the server (a change to astro.config.ts or .env) by making the new one before it
 * closes the old: opened at once, the new one would find the embedded database still held.
 * Its `closeServer` hook is awaited before the new server listens, so each opens in turn;
 * Astro's `astro:server:setup` runs as early, and Astro has no hook for a restart's close.
 */
function wiredDevServer(): Plugin {
  let site: Promise<() => Promise<void>> | undefined;
  let interrupted: (() => void) | undefined;
  return {
    name: "meh:dev-wiring",
    configureServer(server) {
      const ssr = server.environments.ssr;
      const { httpServer } = server;
      if (!isRunnableDevEnvironment(ssr) || !httpServer) return;
      const open = () => {
        const address = httpServer.address();
        site ??= openSite(ssr.runner, typeof address === "object" && address ? address.port : undefined);
        return site;
      };
      httpServer.once("listening", () => {
        open().catch((error: unknown) => {
          // As `npm start` does when its database is in use, or broken: say why, and end.
          server.config.logger.error(
            `The site could not start: ${error instanceof Error ? error.message : String(error)}`,
          );
          process.exitCode = 1;
          void server.close().finally(() => process.exit());
        });
      });
      // A request waits for the database and the job queue, as `npm start`'s front waits for its worker.
      server.middlewares.use((_request, _response, next) => {
        open().then(() => {
          next();
        }, next);
      });
      // Vite closes the server on SIGTERM; Ctrl-C would otherwise leave the database open, as a crash does.
      interrupted = () => {
        void server.close().finally(() => process.exit(130));
      };
      process.once("SIGINT", interrupted);
    },
    async closeServer() {
      if (interrupted) process.off("SIGINT", interrupted);
      const opened = site;
      site = undefined;
      const close = await opened?.catch(() => undefined);
      await close?.();
    },
  };
}

/** Prepare the database, wire it and start the jobs, through the modules the pages use; returns the close. */
async function openSite(runner: ModuleRunner, port: number | undefined): Promise<() => Promise<void>> {
  // Loaded as the pages load them (the same module runner), so the holders filled here are theirs.
  await runner.import("/src/server/load-env.ts");
  const { settings } = await runner.import<typeof Settings>("/src/lib/settings.server.ts");
  const { prepareDb } = await runner.import<typeof PrepareDb>("/src/server/prepare-db.ts");
  const { wire } = await runner.import<typeof Wire>("/src/server/wire.ts");
  const { adminBanner } = await runner.import<typeof Banner>("/src/server/banner.ts");
  const { handle, admin, factorKeyMade } = await prepareDb(settings());
  const wiring = await wire(handle).catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  wiring.startJobs();
  const url = `http://${settings().host}:${String(port ?? settings().port)}`;
  console.log(`\n  ${adminBanner(admin, url, factorKeyMade).join("\n  ")}\n`);
  return async () => {
    await wiring.stop();
    await handle.close();
  };
}
