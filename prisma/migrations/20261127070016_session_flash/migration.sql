-- Flash messages (what a form post leaves for the page it redirects to) live in the server session, not in
-- the query string, where any link could make them up (docs/design.md §5).
-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "flash" JSONB;
