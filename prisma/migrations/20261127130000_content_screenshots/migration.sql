-- Screenshots follow content (docs/publishing.md): a capture is recorded under the hash of the document it
-- loads, shared by every version and draft whose section renders the same, and the draft's sections and
-- thumbnail are captured after each write (the draft-screenshots job).
-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "screenshotsRevision" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "thumbnailHash" TEXT;

-- Drafts written before: not owed (they keep showing their saved versions' screenshots until their next write).
UPDATE "Project" SET "screenshotsRevision" = "revision";

-- CreateTable
CREATE TABLE "ContentScreenshot" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "hash" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "width" INTEGER NOT NULL DEFAULT 1200,
    "height" INTEGER NOT NULL,
    "warnings" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContentScreenshot_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ContentScreenshot_projectId_hash_key" ON "ContentScreenshot"("projectId", "hash");

-- AddForeignKey
ALTER TABLE "ContentScreenshot" ADD CONSTRAINT "ContentScreenshot_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Each new draft revision announces itself on `folio_draft` as `<projectId>:<revision>`, whatever wrote it,
-- delivered when its transaction commits (libs/screenshots/src/draft-change-listener.ts). The function body
-- writes its semicolons as \073: the driver adapter splits a migration at every semicolon.
CREATE FUNCTION folio_draft_changed() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN PERFORM pg_notify(''folio_draft'', NEW.id || '':'' || NEW.revision)\073 RETURN NULL\073 END';

CREATE TRIGGER "Project_draft_changed"
  AFTER UPDATE OF "revision" ON "Project"
  FOR EACH ROW WHEN (NEW."revision" > OLD."revision") EXECUTE FUNCTION folio_draft_changed();
