import type { APIRoute } from "astro";
import { json } from "@/lib/http.server";
import { objectFile } from "@/modules/uploads/local-store.server";
import { serveFile } from "@/modules/uploads/serve-file.server";

const missing = () => json({ error: "File not found" }, { status: 404 });

export const GET: APIRoute = async ({ params, request }) => {
  const key = params.path ?? "";
  // Raw uploads are unchecked until normalised; they are never served.
  const file = key.startsWith("raw/") ? null : objectFile(key);
  if (!file) return missing();
  return (await serveFile(request, file)) ?? missing();
};

export const HEAD = GET;
