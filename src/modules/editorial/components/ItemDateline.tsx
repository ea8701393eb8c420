import { dateline } from "../dateline";
import type { ContentStatus } from "../publication";

/** When an item goes public, as its page's meta line says it (`dateline`). */
export function ItemDateline(props: { status: ContentStatus; publishedAt: Date | string }) {
  const publishedAt = typeof props.publishedAt === "string" ? new Date(props.publishedAt) : props.publishedAt;
  const { words, time } = dateline({ status: props.status, publishedAt });
  if (!time) return <span>{words}</span>;
  const shown = (
    <time dateTime={time.iso} data-local={time.local ? "" : undefined}>
      {time.text}
    </time>
  );
  return words ? (
    <span>
      {words} {shown}
    </span>
  ) : (
    shown
  );
}
