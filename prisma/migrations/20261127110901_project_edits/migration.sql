-- The edit_project calls of each project: what undo puts back and which sections each changed (the newest 50 kept).
-- CreateTable
CREATE TABLE "ProjectEdit" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "revision" INTEGER NOT NULL,
    "baseRevision" INTEGER NOT NULL,
    "apiKeyId" UUID NOT NULL,
    "by" TEXT NOT NULL,
    "changed" JSONB NOT NULL,
    "before" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProjectEdit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProjectEdit_projectId_revision_idx" ON "ProjectEdit"("projectId", "revision");

-- AddForeignKey
ALTER TABLE "ProjectEdit" ADD CONSTRAINT "ProjectEdit_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
