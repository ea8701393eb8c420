CREATE TABLE "import_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text,
	"file_name" text NOT NULL,
	"file" text NOT NULL,
	"status" text DEFAULT 'reading' NOT NULL,
	"report" jsonb,
	"options" jsonb,
	"progress" jsonb,
	"error" text,
	"holder" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_runs_status" CHECK ("import_runs"."status" in ('reading', 'planned', 'importing', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "imported_items" (
	"source_key" text PRIMARY KEY NOT NULL,
	"run_id" integer,
	"post_id" integer,
	"video_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_items_one_item" CHECK (num_nonnulls("imported_items"."post_id", "imported_items"."video_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "imported_media" (
	"source_key" text PRIMARY KEY NOT NULL,
	"run_id" integer,
	"ref" text NOT NULL,
	"url" text,
	"bytes" bigint,
	"failure" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_media_url_or_failure" CHECK (num_nonnulls("imported_media"."url", "imported_media"."failure") = 1)
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redirects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"path" text NOT NULL,
	"post_id" integer,
	"video_id" integer,
	"run_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_path_unique" UNIQUE("path"),
	CONSTRAINT "redirects_one_item" CHECK (num_nonnulls("redirects"."post_id", "redirects"."video_id") = 1),
	CONSTRAINT "redirects_path" CHECK ("redirects"."path" like '/%')
);
--> statement-breakpoint
ALTER TABLE "imported_items" ADD CONSTRAINT "imported_items_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_items" ADD CONSTRAINT "imported_items_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_items" ADD CONSTRAINT "imported_items_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_media" ADD CONSTRAINT "imported_media_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_runs_created_at" ON "import_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_one_importing" ON "import_runs" USING btree ("status") WHERE "import_runs"."status" = 'importing';--> statement-breakpoint
CREATE INDEX "imported_items_post" ON "imported_items" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "imported_items_video" ON "imported_items" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "imported_media_run" ON "imported_media" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "redirects_post" ON "redirects" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "redirects_video" ON "redirects" USING btree ("video_id");