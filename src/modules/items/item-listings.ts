import type { ListView } from "@/lib/paging";
import { withSnippet, type Snippet } from "@/lib/snippet";

/** How one kind is listed: its JSON, the card cut from it, and where a search's snippet is looked for. */
export interface ListedItem<Row, Json, Card> {
  serialize: (row: Row) => Json;
  toCard: (json: Json) => Card;
  /** The texts a search's snippet is looked for in, in order: what its card shows anyway first. */
  snippetTexts: (row: Row) => string[];
}

/** How a kind's listings, searches and listing pages send its items. */
export function itemListings<Row, Json extends object, Card extends object>(item: ListedItem<Row, Json, Card>) {
  const { serialize, toCard, snippetTexts } = item;

  /** How a listing sends each item: whole, or only what its card shows (no body). */
  const listed =
    (view: ListView) =>
    (row: Row): Json | Card =>
      view === "card" ? toCard(serialize(row)) : serialize(row);

  /** How a search lists each item: as a listing does, with a snippet of where `term` was found. */
  const searched = (view: ListView, term: string) => {
    const send = listed(view);
    return (row: Row) => withSnippet(send(row), snippetTexts(row), term);
  };

  /** An item's card on a listing page; with a search term, it carries the snippet of where it was found. */
  const card =
    (term = "") =>
    (row: Row): Card & { snippet?: Snippet } =>
      withSnippet(toCard(serialize(row)), snippetTexts(row), term);

  return { listed, searched, card };
}
