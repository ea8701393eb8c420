CREATE TABLE "analytics_sketches" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"part" smallint NOT NULL,
	"registers" "bytea" NOT NULL,
	CONSTRAINT "analytics_sketches_day_path_part_pk" PRIMARY KEY("day","path","part")
);
--> statement-breakpoint
-- The open days' visitor hashes become sketches (src/modules/analytics/visitor-sketch.ts),
-- so a visitor seen before the upgrade is not counted again after it. A hash was the first
-- 22 base64url characters of HMAC-SHA-256: its first 8 bytes are the 64 bits a sketch
-- reads. The register is the top 14 bits, and its part the register's top 4; the rank is
-- the position of the first 1 in the 50 bits after the register (51 when there is none).
-- Each part is written in the sparse form: byte 1, then per register its index (2 bytes)
-- and rank (1 byte); the next write of a part stores it dense if that is shorter.
INSERT INTO "analytics_sketches" ("day", "path", "part", "registers")
WITH "hashes" AS (
	SELECT "day", "path", ('x' || encode(substring(decode(translate("visitor", '-_', '+/') || '==', 'base64') FROM 1 FOR 8), 'hex'))::bit(64) AS "bits"
	FROM "analytics_visitors"
), "registers" AS (
	SELECT "day", "path", substring("bits" FROM 1 FOR 14)::integer AS "index",
		max(coalesce(nullif(position(B'1' IN substring("bits" FROM 15)), 0), 51)) AS "rank"
	FROM "hashes"
	GROUP BY "day", "path", "index"
)
SELECT "day", "path", "index" >> 10,
	'\x01'::bytea || string_agg(decode(lpad(to_hex("index"), 4, '0') || lpad(to_hex("rank"), 2, '0'), 'hex'), ''::bytea ORDER BY "index")
FROM "registers"
GROUP BY "day", "path", "index" >> 10;--> statement-breakpoint
DROP TABLE "analytics_visitors" CASCADE;--> statement-breakpoint
ALTER TABLE "analytics_pages" ADD COLUMN "turned_away" integer DEFAULT 0 NOT NULL;