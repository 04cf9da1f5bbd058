ALTER TABLE "terminals" ADD COLUMN "public_id" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE INDEX "device_credentials_revoked_idx" ON "device_credentials" USING btree ("revoked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_public_id_uq" ON "terminals" USING btree ("public_id");