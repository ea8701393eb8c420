ALTER TABLE "backups" ADD COLUMN "drill_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "drill" jsonb;