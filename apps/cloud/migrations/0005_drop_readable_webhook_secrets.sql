ALTER TABLE "webhook_endpoints" ALTER COLUMN "secret_ciphertext" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "secret_key_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP COLUMN "secret";