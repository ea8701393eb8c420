import { bodyText, type PostBody } from "@/lib/markdown/render-body";
import { readTime } from "./read-time";

/**
 * What a post stores that is derived from its body: its format, the words a reader reads
 * (which search indexes) and the minutes they take, counted on those words, never markup.
 * @example bodyColumns({ content: "A [link](/x).", format: "markdown" }) // { format: "markdown", contentText: "A link.", readTime: 1 }
 */
export function bodyColumns(body: PostBody) {
  const contentText = bodyText(body);
  return { format: body.format, contentText, readTime: readTime(contentText) };
}
