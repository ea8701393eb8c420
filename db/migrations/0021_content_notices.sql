-- Every change to what public pages show, whoever makes it (this site, another instance, a
-- person with psql), moves the content version on and sends a notice naming the version and
-- the rows whose pages it changes, both in the writing transaction: PostgreSQL delivers the
-- notice at commit, or never if the change rolls back, so no change can commit unannounced.
-- Instances listen on "meh_content_changed" (src/modules/publishing/broadcast.server.ts).
--
-- One statement is one version and one notice, however many rows it changes (the row
-- triggers of migration 0008 moved the version once a row); a statement that changes no row
-- moves nothing. The first argument of each trigger is what a row `r` shows: a key (the
-- post's id, the page's name; NULL for a row no public page shows, such as a draft) and its
-- face, what of it pages show. A row is named when its key and face differ before and after,
-- so a draft's edit or a layout's unpublished save is named nowhere.
DO $$
DECLARE
  shown text;
BEGIN
  FOREACH shown IN ARRAY ARRAY['posts', 'post_images', 'videos', 'css_themes', 'page_layouts', 'layout_versions'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', shown || '_content_version', shown);
    EXECUTE format('DROP TRIGGER %I ON %I', shown || '_content_version_truncate', shown);
  END LOOP;
END
$$;--> statement-breakpoint
DROP FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE FUNCTION "content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- A side the statement has no rows for reads as the table's own shape, empty.
  before_rows text := format('(SELECT * FROM %I.%I WHERE false)', TG_TABLE_SCHEMA, TG_TABLE_NAME);
  after_rows text := before_rows;
  changed boolean;
  keys jsonb;
  version bigint;
  notice text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN before_rows := 'changed_before'; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN after_rows := 'changed_after'; END IF;
  -- A truncate names no rows: keys stay NULL, which drops every page rendered before it.
  IF TG_OP <> 'TRUNCATE' THEN
    EXECUTE format('SELECT EXISTS (SELECT FROM %s r) OR EXISTS (SELECT FROM %s r)', before_rows, after_rows) INTO changed;
    IF NOT changed THEN
      RETURN NULL;
    END IF;
    EXECUTE format(
      'SELECT coalesce(jsonb_agg(DISTINCT key), ''[]'') FROM ('
      '(SELECT %1$s FROM %2$s r EXCEPT ALL SELECT %1$s FROM %3$s r) UNION ALL '
      '(SELECT %1$s FROM %3$s r EXCEPT ALL SELECT %1$s FROM %2$s r)) shown (key, face) WHERE key IS NOT NULL',
      TG_ARGV[0], before_rows, after_rows) INTO keys;
  END IF;
  UPDATE "app_state" SET "value" = to_jsonb(("value" #>> '{}')::bigint + 1), "updated_at" = now()
    WHERE "key" = 'content_version'
    RETURNING ("value" #>> '{}')::bigint INTO version;
  -- The connection's own name for its writes (db/client.ts sets it), so an instance knows its echo.
  notice := json_build_object('origin', current_setting('meh.origin', true), 'version', version,
    'table', TG_TABLE_NAME, 'keys', keys)::text;
  -- A notice holds under 8000 bytes; a statement naming more rows than that says "all of them".
  IF octet_length(notice) > 7000 THEN
    notice := json_build_object('origin', current_setting('meh.origin', true), 'version', version,
      'table', TG_TABLE_NAME, 'keys', NULL)::text;
  END IF;
  PERFORM pg_notify('meh_content_changed', notice);
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  shown text[];
BEGIN
  FOREACH shown SLICE 1 IN ARRAY ARRAY[
    ['posts', $s$CASE WHEN r.status = 'published' THEN r.id::text END, r::text$s$],
    ['videos', $s$CASE WHEN r.status = 'published' THEN r.id::text END, r::text$s$],
    ['post_images', $s$r.post_id::text, r::text$s$],
    ['css_themes', $s$CASE WHEN r.is_active THEN 'active' END, r::text$s$],
    -- Visitors see a layout's published version: a save of its newest elements shows nowhere.
    ['page_layouts', $s$CASE WHEN r.published_version_id IS NOT NULL THEN r.page_name END,
      concat_ws(' ', r.published_version_id, r.is_active)$s$],
    ['layout_versions', $s$(SELECT l.page_name FROM page_layouts l WHERE l.published_version_id = r.id), r::text$s$]
  ] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_after '
      'FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"(%L)', shown[1] || '_content_inserted', shown[1], shown[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed_after '
      'FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"(%L)', shown[1] || '_content_updated', shown[1], shown[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_before '
      'FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"(%L)', shown[1] || '_content_deleted', shown[1], shown[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"()',
      shown[1] || '_content_truncated', shown[1]);
  END LOOP;
END
$$;
