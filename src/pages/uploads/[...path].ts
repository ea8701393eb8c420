import type { APIRoute } from "astro";
import { notFound } from "@/lib/errors";
import { handle } from "@/lib/http.server";
import { siteObjects } from "@/modules/uploads/site-objects.server";
import { sandboxed } from "@/modules/uploads/serve-file.server";
import { isServedKey } from "@/modules/uploads/upload-keys";

export const GET: APIRoute = async (context) =>
  sandboxed(
    await handle(context, async () => {
      const key = context.params.path ?? "";
      const served = isServedKey(key) ? await (await siteObjects()).serve(context.request, key) : null;
      if (!served) throw notFound("File");
      return served;
    }),
  );

export const HEAD = GET;
