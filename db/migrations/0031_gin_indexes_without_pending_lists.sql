-- A GIN index keeps new entries in a pending list, which every search reads whole, until a
-- vacuum merges them into the index. PGlite runs no vacuum (and ANALYZE merges them only
-- when autovacuum runs it), so on the embedded database the lists only grew: at 10,000
-- posts, every search read 375 pages of them first. Written straight into the index, an
-- item's save costs a little more, and a search reads only the index.
ALTER INDEX "posts_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "posts_title_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "videos_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "videos_title_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
-- What is pending already is merged now, as a vacuum would.
SELECT gin_clean_pending_list('posts_search_idx');--> statement-breakpoint
SELECT gin_clean_pending_list('posts_title_trgm_idx');--> statement-breakpoint
SELECT gin_clean_pending_list('videos_search_idx');--> statement-breakpoint
SELECT gin_clean_pending_list('videos_title_trgm_idx');
