import { allowed } from "@/lib/allowlist";
import type { ListView } from "@/lib/paging";
import { withSnippet, type Snippet } from "@/lib/snippet";

/** How one kind is listed: its JSON, what of it a card shows, and where a search's snippet is looked for. */
export interface ListedItem<Row, Json, K extends keyof Json> {
  serialize: (row: Row) => Json;
  /** The fields its card shows, so pages and islands carry no bodies. */
  cardFields: readonly K[];
  /**
   * The texts a search's snippet is looked for in, in order: what its card shows anyway
   * first. Each is only asked for when the ones before it do not hold the term.
   */
  snippetTexts: (row: Row) => Iterable<string>;
}

/** A kind's card as listings send it; a search's also carries a snippet of where the term was found. */
export type CardOf<Json, K extends keyof Json> = Pick<Json, K> & { snippet?: Snippet };

/** How a kind's listings, searches and listing pages send its items. */
export function itemListings<Row, Json extends object, K extends keyof Json>(item: ListedItem<Row, Json, K>) {
  const { serialize, cardFields, snippetTexts } = item;

  /** Cut an item down to its card. */
  const toCard = (json: Json): CardOf<Json, K> => allowed(json, cardFields);

  /** How a listing sends each item: whole, or only what its card shows (no body). */
  const listed =
    (view: ListView) =>
    (row: Row): Json | CardOf<Json, K> =>
      view === "card" ? toCard(serialize(row)) : serialize(row);

  /** How a search lists each item: as a listing does, with a snippet of where `term` was found. */
  const searched = (view: ListView, term: string) => {
    const send = listed(view);
    return (row: Row) => withSnippet(send(row), snippetTexts(row), term);
  };

  /** An item's card on a listing page; with a search term, it carries the snippet of where it was found. */
  const card =
    (term = "") =>
    (row: Row): CardOf<Json, K> =>
      withSnippet(toCard(serialize(row)), snippetTexts(row), term);

  return { serialize, toCard, listed, searched, card };
}
