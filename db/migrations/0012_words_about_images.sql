ALTER TABLE "post_images" ADD COLUMN "caption" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "image_decorative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "captions_url" text;--> statement-breakpoint
-- Gallery descriptions were shown under their images: they stay there, as captions.
UPDATE "post_images" SET "caption" = "description" WHERE "description" IS NOT NULL;
