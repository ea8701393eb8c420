-- Every document stored before this migration is version 1 of its kind (src/lib/versioned-document.ts).
ALTER TABLE "layout_versions" ADD COLUMN "schema_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "page_layouts" ADD COLUMN "schema_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "revisions" ADD COLUMN "schema_version" integer DEFAULT 1 NOT NULL;