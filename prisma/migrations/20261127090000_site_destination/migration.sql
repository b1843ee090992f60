-- A site is a site: the destination kind that serves `<base>/sites/<slug>/` was stored as `hosting`, and is
-- now `site`, the word every page, answer and document uses (docs/design.md, glossary). The rows keep their
-- kind (RENAME VALUE rewrites no row), and the recorded details that named the old value are rewritten
-- with it: publish events in the audit log, and a publish outcome left in a session for the next page.
ALTER TYPE "DestinationKind" RENAME VALUE 'hosting' TO 'site';

UPDATE "AuditEvent" SET data = jsonb_set(data, '{destination}', '"site"')
WHERE action = 'project.published' AND data->>'destination' = 'hosting';

UPDATE "Session" SET flash = jsonb_set(flash, '{data,published,destination}', '"site"')
WHERE flash->'data'->'published'->>'destination' = 'hosting';
