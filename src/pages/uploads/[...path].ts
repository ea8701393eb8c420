import type { APIRoute } from "astro";
import { notFound } from "@/lib/errors";
import { handle } from "@/lib/http.server";
import { runtime } from "@/server/runtime";
import { sandboxed } from "@/modules/uploads/serve-file.server";
import { isServedKey } from "@/modules/uploads/upload-keys";

export const GET: APIRoute = async (context) =>
  sandboxed(
    await handle(context, async () => {
      const key = context.params.path ?? "";
      const served = isServedKey(key) ? await (await runtime().objects()).serve(context.request, key) : null;
      if (!served) throw notFound("File");
      return served;
    }),
  );

export const HEAD = GET;
