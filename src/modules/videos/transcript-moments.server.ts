import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { snippetOf } from "@/lib/snippet";
import type { Moment } from "./moment";
import type { Cue } from "./transcript";

const { videos } = tables;

/**
 * Where in each of the videos `ids` its transcript says what `term` looks for: the first line
 * that says all of the term's words, else the first that says any, with the seconds it starts
 * at and its words, the matches marked. A video whose transcript says none of them has none.
 *
 * The lines are matched in the database with the search's own English stemming
 * (`to_tsvector` of each line against `websearch_to_tsquery`), so "puddles" finds the line
 * that says "puddle" exactly when the search found the video by it. It runs for a page of
 * results only (their ids), never for every match: a page's transcripts are a few thousand
 * short lines, and no index could answer "which line" anyway.
 */
export async function momentsOf(db: Db, ids: number[], term: string): Promise<Map<number, Moment>> {
  if (ids.length === 0 || term.trim() === "") return new Map();
  const query = sql`websearch_to_tsquery('english', ${term})`;
  const rows = await db
    .select({
      id: videos.id,
      line: sql<Cue | null>`(
        select cue from jsonb_array_elements(${videos.transcript}) with ordinality as cues(cue, n),
          lateral to_tsvector('english', cue->>'text') as words
        where words @@ ${query}
          or tsvector_to_array(words) && tsvector_to_array(to_tsvector('english', ${term}))
        order by words @@ ${query} desc, n
        limit 1)`,
    })
    .from(videos)
    .where(and(inArray(videos.id, ids), sql`jsonb_typeof(${videos.transcript}) = 'array'`));
  return new Map(
    rows.flatMap(({ id, line }) => {
      if (!line) return [];
      const { start, text } = line;
      return [
        [
          id,
          // The line's words marked as the result's snippet marks them; whole and unmarked when that
          // simpler matching misses a stem the database found.
          { start, snippet: snippetOf([text], term) ?? [{ text, match: false }] },
        ],
      ];
    }),
  );
}
