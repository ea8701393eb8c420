-- Every post so far is plain text. content_text is left empty for them: the words of a
-- plain post are its content, which search reads when content_text is null, as it is for
-- a row written straight into the database by anything but the site.
ALTER TABLE "posts" ADD COLUMN "format" text DEFAULT 'plain' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "content_text" text;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_format_known" CHECK ("posts"."format" in ('plain', 'markdown'));--> statement-breakpoint
-- Search reads the words, never the Markdown: the document is made again from content_text,
-- and dropping the column dropped its index with it.
ALTER TABLE "posts" drop column "search";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') || setweight(to_tsvector('english', coalesce(coalesce(content_text, content), '')), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");
