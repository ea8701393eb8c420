import { z } from "zod";
import { ITEM_READ_ONLY, itemFields } from "@/lib/form-fields";
import { acceptingReadOnly } from "@/lib/read-only-fields";
import { checkPublication, publicationFields, type PublicationInput } from "@/modules/editorial/publication";

/** Reports one refused field of a form, with its message. */
export type FieldIssue = (path: string, message: string) => void;

/** The fields every item's form sends: its own and where it stands (status, and a scheduled item's time). */
export const itemShape = { ...itemFields, ...publicationFields };

/**
 * A kind's form schema, one for the form and the endpoint: `schema` is a strict object of
 * `itemShape` and the kind's own fields, which `check` may judge together once where the
 * item stands is judged. `id` is never taken from the client; `slug` may be sent but the
 * server derives it. The rest of an admin's GET is accepted and ignored (`ITEM_READ_ONLY`);
 * any other key is refused, naming it.
 */
export function itemInputSchema<S extends z.ZodType<PublicationInput>>(
  schema: S,
  check?: (value: z.output<S>, issue: FieldIssue) => void,
) {
  return acceptingReadOnly(
    ITEM_READ_ONLY,
    schema.check((ctx) => {
      const issue: FieldIssue = (path, message) =>
        ctx.issues.push({ code: "custom", path: [path], message, input: ctx.value });
      checkPublication(ctx.value, issue);
      check?.(ctx.value, issue);
    }),
  );
}
