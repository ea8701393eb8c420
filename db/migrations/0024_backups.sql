CREATE TABLE "backups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"name" text,
	"holder" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"progress" real DEFAULT 0 NOT NULL,
	"bytes" bigint,
	"tables" jsonb,
	"error" text,
	CONSTRAINT "backups_name_unique" UNIQUE("name"),
	CONSTRAINT "backups_status" CHECK ("backups"."status" in ('running', 'ok', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "backups_started_at" ON "backups" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "backups_one_running" ON "backups" USING btree ("status") WHERE "backups"."status" = 'running';