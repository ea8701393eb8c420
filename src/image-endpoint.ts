import type { APIRoute } from "astro";
import { handle } from "@/lib/http.server";
import { siteObjects } from "@/modules/uploads/site-objects.server";
import { resizeImage } from "@/modules/uploads/resize-image.server";
import { sandboxed } from "@/modules/uploads/serve-file.server";

// Astro's image endpoint (astro.config.ts), reading source images from the object store:
// the node adapter's own endpoint only looks in the build's client folder, where uploads
// never are, and would hand an SVG back as it is.
export const GET: APIRoute = async (context) =>
  sandboxed(await handle(context, async () => resizeImage(await siteObjects(), context.url)));
