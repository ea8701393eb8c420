import type { APIRoute } from "astro";
import { settings } from "@/lib/settings.server";

// Built per request rather than prerendered: the Sitemap line needs the deployed SITE_URL.
export const GET: APIRoute = () => {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /login",
    "",
    `Sitemap: ${settings().siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
};
