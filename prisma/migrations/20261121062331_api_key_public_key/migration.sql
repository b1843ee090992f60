-- AlterTable: a public key for every API key. Existing keys get one made from a hash of their id
-- ("ak" and 14 hex digits: starts with a letter, letters and digits only, like every public key).
ALTER TABLE "ApiKey" ADD COLUMN     "key" TEXT;
UPDATE "ApiKey" SET "key" = 'ak' || substr(md5("id"::text), 1, 14) WHERE "key" IS NULL;
ALTER TABLE "ApiKey" ALTER COLUMN "key" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_key_key" ON "ApiKey"("key");
