import type { APIRoute } from "astro";
import { json } from "@/lib/http.server";
import { runtime } from "@/lib/runtime.server";

const missing = () => json({ error: "File not found" }, { status: 404 });

export const GET: APIRoute = async ({ params, request }) => {
  const key = params.path ?? "";
  // Raw uploads are unchecked until normalised; they are never served.
  if (key.startsWith("raw/")) return missing();
  return (await (await runtime().objects()).serve(request, key)) ?? missing();
};

export const HEAD = GET;
