import type * as z from "zod/mini";

/** The first thing `schema` (the endpoint's own) finds wrong with `value`, for its field to show; nothing when it passes. */
export function schemaProblem(schema: z.ZodMiniType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
