import { z } from "zod";

/**
 * What "Download everything" asks: whether the archive holds personal data too. Always said,
 * never assumed: accounts with their password hashes, readers' addresses and the ledger
 * leave the site only when the owner has chosen so.
 */
export const archiveRequestSchema = z.strictObject({
  personalData: z.boolean({
    error: "Say whether to include personal data (accounts, newsletter readers, the delivery ledger)",
  }),
});
export type ArchiveRequest = z.infer<typeof archiveRequestSchema>;

/** The form's answer, `yes` or `no`, as the schema reads it; anything else is left for it to refuse. */
export function archiveRequestOfForm(fields: URLSearchParams): unknown {
  const answer = fields.get("personalData");
  return { personalData: answer === "yes" ? true : answer === "no" ? false : (answer ?? undefined) };
}
