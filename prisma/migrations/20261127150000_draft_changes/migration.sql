-- Who made each draft revision and what it did (the editor's history and project list), and versions
-- saved before a restore.
-- AlterEnum
ALTER TYPE "VersionReason" ADD VALUE 'restore';

-- CreateEnum
CREATE TYPE "DraftAuthorKind" AS ENUM ('person', 'api_key', 'app');

-- CreateTable
CREATE TABLE "DraftChange" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "revision" INTEGER NOT NULL,
    "authorKind" "DraftAuthorKind" NOT NULL,
    "authorName" TEXT NOT NULL,
    "userId" UUID,
    "apiKeyId" UUID,
    "summary" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DraftChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DraftChange_projectId_revision_key" ON "DraftChange"("projectId", "revision");

-- AddForeignKey
ALTER TABLE "DraftChange" ADD CONSTRAINT "DraftChange_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
