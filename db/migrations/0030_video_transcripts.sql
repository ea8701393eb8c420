-- Every video's transcript starts unread (null): the transcripts job reads each one's
-- captions from the object store, which a migration cannot reach, and fills it.
ALTER TABLE "videos" ADD COLUMN "transcript" jsonb;--> statement-breakpoint
-- Search reads the spoken words too: the document is made again with them, and dropping the
-- column dropped its index with it. Ranking reads the title and description alone.
ALTER TABLE "videos" drop column "search";--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(jsonb_to_tsvector('english', coalesce(transcript, '[]'), '["string"]'), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_head" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gin ("search");
--> statement-breakpoint
-- Each line's words, for finding which line of a found video says a search's words. A
-- generated column cannot hold a subquery, but it can call an immutable function that does
-- (the dictionary is named, so the function is as immutable as the search document's).
CREATE FUNCTION video_transcript_lines(transcript jsonb) RETURNS tsvector[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select array(
    select to_tsvector('english'::regconfig, coalesce(line ->> 'text', ''))
    from jsonb_array_elements(coalesce(transcript, '[]')) with ordinality as lines(line, n)
    order by n
  )
$$;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "transcript_lines" "tsvector"[] GENERATED ALWAYS AS (video_transcript_lines(transcript)) STORED;
