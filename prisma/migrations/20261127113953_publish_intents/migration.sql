-- CreateTable
CREATE TABLE "PublishIntent" (
    "id" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "projectId" UUID NOT NULL,
    "destination" "DestinationKind" NOT NULL,
    "revision" INTEGER NOT NULL,
    "createdByKeyId" UUID,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PublishIntent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PublishIntent_tokenHash_key" ON "PublishIntent"("tokenHash");

-- CreateIndex
CREATE INDEX "PublishIntent_projectId_idx" ON "PublishIntent"("projectId");

-- AddForeignKey
ALTER TABLE "PublishIntent" ADD CONSTRAINT "PublishIntent_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PublishIntent" ADD CONSTRAINT "PublishIntent_createdByKeyId_fkey" FOREIGN KEY ("createdByKeyId") REFERENCES "ApiKey"("id") ON DELETE SET NULL ON UPDATE CASCADE;
