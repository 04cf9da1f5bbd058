CREATE TABLE "terminal_time_zones" (
	"merchant_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "terminal_time_zones_merchant_id_terminal_id_time_zone_pk" PRIMARY KEY("merchant_id","terminal_id","time_zone")
);
--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD COLUMN "time_zone" text DEFAULT 'Europe/Chisinau' NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_time_zones" ADD CONSTRAINT "terminal_time_zones_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_time_zones" ADD CONSTRAINT "terminal_time_zones_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The documents already stored were counted in Europe/Chisinau's days (the column's default
-- says so for each of them, without rewriting a row; vat_daily_totals already holds them in
-- those days): their terminals' zone, for the date filters' bounds.
INSERT INTO "terminal_time_zones" ("merchant_id", "terminal_id", "time_zone")
SELECT t."merchant_id", t."id", 'Europe/Chisinau' FROM "terminals" t
WHERE EXISTS (SELECT 1 FROM "fiscal_documents" d WHERE d."merchant_id" = t."merchant_id" AND d."terminal_id" = t."id");
