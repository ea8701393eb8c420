import type { Snippet } from "@/lib/snippet";

/** A search snippet as text, its matched words marked. */
export function SnippetText({ snippet }: { snippet: Snippet }) {
  return <>{snippet.map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}
