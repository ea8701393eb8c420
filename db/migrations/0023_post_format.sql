-- Every post so far is plain text, and the plain text of a plain post is its content: the
-- words search reads stay what they were.
ALTER TABLE "posts" ADD COLUMN "format" text DEFAULT 'plain' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "content_text" text;--> statement-breakpoint
UPDATE "posts" SET "content_text" = "content";--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "content_text" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_format_known" CHECK ("posts"."format" in ('plain', 'markdown'));--> statement-breakpoint
-- Search reads the words, never the Markdown: the document is made again from content_text,
-- and dropping the column dropped its index with it.
ALTER TABLE "posts" drop column "search";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') || setweight(to_tsvector('english', coalesce(content_text, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");
