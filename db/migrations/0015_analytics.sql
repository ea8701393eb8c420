CREATE TABLE "analytics_pages" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_pages_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_sources" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_sources_day_kind_name_pk" PRIMARY KEY("day","kind","name"),
	CONSTRAINT "analytics_sources_kind_known" CHECK ("analytics_sources"."kind" in ('referrer', 'tag'))
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "analytics_visitors_day_path_visitor_pk" PRIMARY KEY("day","path","visitor")
);
