-- A search ranks only the matches in a title and excerpt (or description); found from their
-- own index, they no longer cost a test of every full-text hit, thousands for a common word.
CREATE INDEX "posts_search_head_idx" ON "posts" USING gin ("search_head") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "videos_search_head_idx" ON "videos" USING gin ("search_head") WITH (fastupdate=false);--> statement-breakpoint
-- A video's row is kilobytes over the size the database keeps in line (its transcript and
-- search document), so its small ranking document was moved out of line too: three more pages
-- read for every hit a search ranked, two thirds of a common word's search of 1,000 videos.
-- Kept in line (compressed if need be), it is read with the row. Each row is written again,
-- for the setting to apply to those already there.
ALTER TABLE "videos" ALTER COLUMN "search_head" SET STORAGE MAIN;--> statement-breakpoint
UPDATE "videos" SET "title" = "title";
