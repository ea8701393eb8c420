CREATE TABLE "video_streams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_streams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"video_id" integer,
	"source_url" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error" text,
	"prefix" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"repackaged" boolean DEFAULT false NOT NULL,
	"holder" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_streams_status" CHECK ("video_streams"."status" in ('queued', 'running', 'done', 'failed', 'skipped')),
	CONSTRAINT "video_streams_progress" CHECK ("video_streams"."progress" between 0 and 1)
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "stream_url" text;--> statement-breakpoint
ALTER TABLE "video_streams" ADD CONSTRAINT "video_streams_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_streams_video" ON "video_streams" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_streams_one_running" ON "video_streams" USING btree ("status") WHERE "video_streams"."status" = 'running';--> statement-breakpoint
-- A ladder belongs to the file it was made from: whatever writes a new file (a save, a
-- restored revision, SQL by hand) takes the old ladder off the page in the same statement.
CREATE FUNCTION "video_stream_follows_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.video_url IS DISTINCT FROM OLD.video_url THEN
    NEW.stream_url := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "videos_stream_follows_file" BEFORE UPDATE OF "video_url" ON "videos"
  FOR EACH ROW EXECUTE FUNCTION "video_stream_follows_file"();
