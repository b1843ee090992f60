-- Link previews of published sites (docs/publishing.md): a page's own image for its og:image, and the
-- captured top of each page of a version published as a site, the og:image when the page has none.
-- AlterTable
ALTER TABLE "Page" ADD COLUMN     "imageUrl" TEXT;

-- CreateTable
CREATE TABLE "ShareImage" (
    "id" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "pageKey" TEXT NOT NULL,
    "url" TEXT,
    "status" "ScreenshotStatus" NOT NULL DEFAULT 'pending',
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShareImage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ShareImage_status_idx" ON "ShareImage"("status");

-- CreateIndex
CREATE UNIQUE INDEX "ShareImage_versionId_pageKey_key" ON "ShareImage"("versionId", "pageKey");

-- AddForeignKey
ALTER TABLE "ShareImage" ADD CONSTRAINT "ShareImage_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "ProjectVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;
