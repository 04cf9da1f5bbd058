CREATE TABLE "terminal_health" (
	"terminal_id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"report" jsonb NOT NULL,
	"reported_at" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_used_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "terminal_health" ADD CONSTRAINT "terminal_health_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_health" ADD CONSTRAINT "terminal_health_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminal_health_merchant_idx" ON "terminal_health" USING btree ("merchant_id");