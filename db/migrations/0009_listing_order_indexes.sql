DROP INDEX "posts_published_at_idx";--> statement-breakpoint
DROP INDEX "posts_category_idx";--> statement-breakpoint
DROP INDEX "videos_published_at_idx";--> statement-breakpoint
DROP INDEX "videos_category_idx";--> statement-breakpoint
CREATE INDEX "posts_newest_idx" ON "posts" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_category_newest_idx" ON "posts" USING btree ("category","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_featured_newest_idx" ON "posts" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."featured";--> statement-breakpoint
CREATE INDEX "videos_newest_idx" ON "videos" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_category_newest_idx" ON "videos" USING btree ("category","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);