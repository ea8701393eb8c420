/** A run of a snippet's text: the words a search matched are marked. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

/** A few words around where a search term was found, with the matches marked. */
export type Snippet = SnippetPart[];

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
/** Words shown before the first match, so it reads in context, and in all. */
const LEAD_WORDS = 8;
const SNIPPET_WORDS = 32;
/** Words a search ignores (PostgreSQL's English configuration drops them too); marking every "the" helps nobody. */
const IGNORED = new Set(
  "a an and are as at be but by for from had has have he her his i in is it its of on or she so than that the their them then there they this to was we were what when which who with you your".split(
    " ",
  ),
);

/**
 * What a query word matches: its start without a common English ending, so "puddles" finds
 * "puddle" and "waiting" finds "waits". Full-text search stems properly; this only needs to
 * find the same words again in one text, to mark them.
 */
function stemOf(word: string): string {
  const stripped = word.replace(/(?:ing|ed|es|s|ly)$/u, "");
  return stripped.length >= 3 ? stripped : word;
}

/** The stems of the words a search looks for: not excluded ones ("-word"), not `or`, not stop words. */
export function searchStems(term: string): string[] {
  const stems = new Set<string>();
  for (const found of term.toLowerCase().matchAll(/(-?)([\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*)/gu)) {
    const [, minus, word = ""] = found;
    if (minus || word.length < 2 || IGNORED.has(word)) continue;
    stems.add(stemOf(word));
  }
  return [...stems];
}

const matches = (word: string, stems: string[]) => {
  const lower = word.toLowerCase();
  return stems.some((stem) => lower.startsWith(stem) && lower.length <= stem.length + 4);
};

/** A card or listed item with the snippet of its texts for a search term, when one is found. */
export function withSnippet<T extends object>(
  item: T,
  texts: Iterable<string>,
  term: string,
): T & { snippet?: Snippet } {
  const snippet = snippetOf(texts, term);
  return snippet ? { ...item, snippet } : item;
}

/**
 * The words around the first place in `texts` (tried in order) where the search term's words
 * appear, with each of them marked; null when none of the texts holds one (a typo matched
 * the title, say). Pure text in, pure text out: whoever renders it decides what a mark looks like.
 */
export function snippetOf(texts: Iterable<string>, term: string): Snippet | null {
  const stems = searchStems(term);
  if (stems.length === 0) return null;
  // Where a word might begin with a stem, in any case: a text without one is passed over
  // without reading its words one by one (a title's word is often in no post's body). Stems
  // are letters, digits and apostrophes, none of them special in a pattern.
  const candidate = new RegExp(`(?<![\\p{L}\\p{N}])(?:${stems.join("|")})`, "iu");
  for (const text of texts) {
    if (!candidate.test(text)) continue;
    // Words are read only as far as the snippet needs, and one past it (to know whether an
    // ellipsis follows): a post's body is thousands of words, most after its first match.
    const words: RegExpExecArray[] = [];
    let first = -1;
    for (const word of text.matchAll(WORD)) {
      words.push(word);
      if (first < 0 && matches(word[0], stems)) first = words.length - 1;
      if (first >= 0 && words.length > Math.max(0, first - LEAD_WORDS) + SNIPPET_WORDS) break;
    }
    if (first < 0) continue;
    const start = Math.max(0, first - LEAD_WORDS);
    const end = Math.min(words.length, start + SNIPPET_WORDS);
    const parts: Snippet = [];
    const push = (part: string, match: boolean) => {
      const last = parts.at(-1);
      if (last && last.match === match) last.text += part;
      else if (part) parts.push({ text: part, match });
    };
    if (start > 0) push("… ", false);
    let at = start > 0 ? (words[start]?.index ?? 0) : 0;
    for (const word of words.slice(start, end)) {
      push(text.slice(at, word.index), false);
      push(word[0], matches(word[0], stems));
      at = word.index + word[0].length;
    }
    const lastWord = words[end - 1];
    if (end < words.length) push(" …", false);
    else if (lastWord) push(text.slice(lastWord.index + lastWord[0].length).trimEnd(), false);
    return parts.map((part, i) => {
      const text = part.text.replace(/\s+/gu, " ");
      return { ...part, text: i === 0 ? text.trimStart() : text };
    });
  }
  return null;
}
