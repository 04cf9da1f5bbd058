CREATE TABLE "device_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"terminal_id" text NOT NULL,
	"hash" text NOT NULL,
	"replaces_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"first_used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "terminal_activation_codes" (
	"hash" text PRIMARY KEY NOT NULL,
	"terminal_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "terminal_api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"terminal_id" text NOT NULL,
	"hash" text NOT NULL,
	"last_four" text NOT NULL,
	"pending_ciphertext" text,
	"pending_key_id" text,
	"previous_grace_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"acknowledged_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"activated_at" timestamp (3) with time zone,
	"deactivated_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "idno" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "device_credentials" ADD CONSTRAINT "device_credentials_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_activation_codes" ADD CONSTRAINT "terminal_activation_codes_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_api_keys" ADD CONSTRAINT "terminal_api_keys_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_credentials_hash_uq" ON "device_credentials" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "device_credentials_terminal_idx" ON "device_credentials" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "terminal_activation_codes_terminal_idx" ON "terminal_activation_codes" USING btree ("terminal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_api_keys_hash_uq" ON "terminal_api_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "terminal_api_keys_terminal_idx" ON "terminal_api_keys" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "terminals_merchant_idx" ON "terminals" USING btree ("merchant_id","created_at");