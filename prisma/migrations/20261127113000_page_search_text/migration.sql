-- Each page's searchable text, kept next to the project's search document by the same writer
-- (refresh_project_search), so that finding where a search hit matched reads stored text instead of
-- building it from the element trees on every search.
-- No semicolon outside the E'' bodies or in these comments: the PostgreSQL driver adapter splits scripts on them.
ALTER TABLE "Page" ADD COLUMN "searchText" TEXT NOT NULL DEFAULT '',
ADD COLUMN "searchDoc" tsvector;

-- A page's text: its title, description, then each section's title and element texts without tags, in
-- reading order. The project's document: title (A), tags (B), description (C), its pages' text (D).
CREATE OR REPLACE FUNCTION refresh_project_search(project_id uuid) RETURNS void
LANGUAGE sql AS $$
  WITH pages AS (
    UPDATE "Page" pg
    SET "searchText" = t.text, "searchDoc" = to_tsvector('english', t.text)
    FROM (
      SELECT pg."id", concat_ws(' ', pg."title", pg."description", (
        SELECT string_agg(concat_ws(' ', s."title", (
          SELECT string_agg(regexp_replace(v #>> '{}', '<[^>]*>', ' ', 'g'), ' ')
          FROM jsonb_path_query(s."tree", 'strict $.**.text') AS v
        )), ' ' ORDER BY s."order")
        FROM "Section" s WHERE s."pageId" = pg."id"
      )) AS text
      FROM "Page" pg WHERE pg."projectId" = project_id
    ) t
    WHERE pg."id" = t."id"
    RETURNING pg."order", t.text
  )
  UPDATE "Project" p
  SET "search" =
       setweight(to_tsvector('english', p."title"), 'A')
    || setweight(to_tsvector('english', array_to_string(p."tags", ' ')), 'B')
    || setweight(to_tsvector('english', p."description"), 'C')
    || setweight(to_tsvector('english', coalesce((SELECT string_agg(text, ' ' ORDER BY "order") FROM pages), '')), 'D')
  WHERE p."id" = project_id
$$;

-- Where a search hit matched: its best field in the order title > description > tag > page (the first
-- page in page order), first for all the words (all_words), else for any of them (any_word), each field
-- tested in turn so that a title hit reads no page. highlighted: the matched text through ts_headline
-- with `headline_options`, after removing the characters of `markers` from it (none for a title).
-- PL/pgSQL keeps the plans of its statements for the session.
CREATE FUNCTION project_search_match(
  project_id uuid, title text, description text, tags text[],
  all_words tsquery, any_word tsquery, markers text, headline_options text
) RETURNS TABLE (match_field text, match_page_key text, match_page_title text, match_highlighted text)
LANGUAGE plpgsql STABLE AS E'
DECLARE
  q tsquery\073
  tag_text text := array_to_string(tags, '', '')\073
  page record\073
BEGIN
  FOREACH q IN ARRAY ARRAY[all_words, any_word] LOOP
    IF to_tsvector(''english'', title) @@ q THEN
      RETURN QUERY SELECT ''title'', NULL::text, NULL::text, NULL::text\073
      RETURN\073
    END IF\073
    IF to_tsvector(''english'', description) @@ q THEN
      RETURN QUERY SELECT ''description'', NULL::text, NULL::text,
        ts_headline(''english'', translate(description, markers, ''''), q, headline_options)\073
      RETURN\073
    END IF\073
    IF to_tsvector(''english'', tag_text) @@ q THEN
      RETURN QUERY SELECT ''tag'', NULL::text, NULL::text,
        ts_headline(''english'', translate(tag_text, markers, ''''), q, headline_options)\073
      RETURN\073
    END IF\073
    SELECT pg.key, pg.title, pg."searchText" INTO page
    FROM "Page" pg WHERE pg."projectId" = project_id AND pg."searchDoc" @@ q
    ORDER BY pg."order" LIMIT 1\073
    IF FOUND THEN
      RETURN QUERY SELECT ''page'', page.key, page.title,
        ts_headline(''english'', translate(page."searchText", markers, ''''), q, headline_options)\073
      RETURN\073
    END IF\073
  END LOOP\073
END';

SELECT refresh_project_search("id") FROM "Project";
