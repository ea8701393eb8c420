-- A number every change to what public pages show moves on, whoever makes it (this site,
-- another instance, a person with psql): a page rendered at one number is current for as
-- long as the number stays. A restart on PostgreSQL trusts only such pages. Row triggers,
-- so a statement that changes no row (a refused update of a missing post) moves nothing.
INSERT INTO "app_state" ("key", "value") VALUES ('content_version', '0'::jsonb) ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "app_state" SET "value" = to_jsonb(("value" #>> '{}')::bigint + 1), "updated_at" = now()
    WHERE "key" = 'content_version';
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  shown text;
BEGIN
  -- Every table public pages show.
  FOREACH shown IN ARRAY ARRAY['posts', 'post_images', 'videos', 'css_themes', 'page_layouts', 'layout_versions'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION "bump_content_version"()', shown || '_content_version', shown);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"()', shown || '_content_version_truncate', shown);
  END LOOP;
END
$$;
