ALTER TABLE "webhook_endpoints" ADD COLUMN "api_key_id" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_idempotency_uq" ON "webhook_endpoints" USING btree ("api_key_id","idempotency_key") WHERE "webhook_endpoints"."idempotency_key" is not null and "webhook_endpoints"."deleted_at" is null;