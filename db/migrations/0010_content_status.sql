DROP INDEX "posts_newest_idx";--> statement-breakpoint
DROP INDEX "posts_category_newest_idx";--> statement-breakpoint
DROP INDEX "posts_featured_newest_idx";--> statement-breakpoint
DROP INDEX "videos_newest_idx";--> statement-breakpoint
DROP INDEX "videos_category_newest_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "late_seconds" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "late_seconds" integer;--> statement-breakpoint
CREATE INDEX "posts_scheduled_idx" ON "posts" USING btree ("published_at") WHERE "posts"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "videos_scheduled_idx" ON "videos" USING btree ("published_at") WHERE "videos"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "posts_newest_idx" ON "posts" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "posts_category_newest_idx" ON "posts" USING btree ("category","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "posts_featured_newest_idx" ON "posts" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."featured" and "posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "videos_newest_idx" ON "videos" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "videos"."status" = 'published';--> statement-breakpoint
CREATE INDEX "videos_category_newest_idx" ON "videos" USING btree ("category","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "videos"."status" = 'published';--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_status_known" CHECK ("posts"."status" in ('draft', 'scheduled', 'published'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_status_known" CHECK ("videos"."status" in ('draft', 'scheduled', 'published'));