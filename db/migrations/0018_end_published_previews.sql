-- Publishing now ends an item's preview links. Those of items already published would show
-- the item again once it is unpublished, so they end here.
DELETE FROM "preview_links" WHERE "post_id" IN (SELECT "id" FROM "posts" WHERE "status" = 'published');--> statement-breakpoint
DELETE FROM "preview_links" WHERE "video_id" IN (SELECT "id" FROM "videos" WHERE "status" = 'published');
