-- Every write to a project's draft adds 1 to its revision (ProjectWriter.newRevision): what agents send back
-- as edit_project's baseRevision and what caches of the draft are keyed on.
-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 0;
