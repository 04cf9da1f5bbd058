ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_ciphertext" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_key_id" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_expires_at" timestamp (3) with time zone;