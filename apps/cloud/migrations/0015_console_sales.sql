CREATE TABLE "fiscal_document_payments" (
	"merchant_id" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"document_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	CONSTRAINT "fiscal_document_payments_merchant_id_code_created_at_document_id_pk" PRIMARY KEY("merchant_id","code","created_at","document_id")
);
--> statement-breakpoint
CREATE TABLE "vat_daily_totals" (
	"merchant_id" text NOT NULL,
	"day" date NOT NULL,
	"terminal_id" text NOT NULL,
	"vat_code" text NOT NULL,
	"rate_bp" integer,
	"sales_taxable" bigint NOT NULL,
	"sales_vat" bigint NOT NULL,
	"refunds_taxable" bigint NOT NULL,
	"refunds_vat" bigint NOT NULL,
	CONSTRAINT "vat_daily_totals_key" UNIQUE NULLS NOT DISTINCT("merchant_id","day","terminal_id","vat_code","rate_bp")
);
--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD COLUMN "verification_url" text;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD COLUMN "change_minor" bigint;--> statement-breakpoint
ALTER TABLE "fiscal_document_payments" ADD CONSTRAINT "fiscal_document_payments_document_id_fiscal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."fiscal_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_daily_totals" ADD CONSTRAINT "vat_daily_totals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_daily_totals" ADD CONSTRAINT "vat_daily_totals_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiscal_document_payments_terminal_idx" ON "fiscal_document_payments" USING btree ("merchant_id","terminal_id","code","created_at","document_id");--> statement-breakpoint
CREATE INDEX "fiscal_documents_type_created_idx" ON "fiscal_documents" USING btree ("merchant_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "fiscal_documents_sale_idx" ON "fiscal_documents" USING btree ("terminal_id","sale_id");--> statement-breakpoint
CREATE INDEX "orders_merchant_created_idx" ON "orders" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_merchant_status_created_idx" ON "orders" USING btree ("merchant_id","status","created_at","id");--> statement-breakpoint
-- The documents already stored: their payment codes, and the daily VAT totals of their
-- receipts (those not refused by the tax server), in the calendar days of Europe/Chisinau.
INSERT INTO "fiscal_document_payments" ("merchant_id", "code", "created_at", "document_id", "terminal_id")
SELECT DISTINCT d."merchant_id", p."code", d."created_at", d."id", d."terminal_id"
FROM "fiscal_documents" d CROSS JOIN jsonb_to_recordset(d."payments") AS p("code" text);--> statement-breakpoint
INSERT INTO "vat_daily_totals" ("merchant_id", "day", "terminal_id", "vat_code", "rate_bp",
  "sales_taxable", "sales_vat", "refunds_taxable", "refunds_vat")
SELECT d."merchant_id", (d."created_at" AT TIME ZONE 'Europe/Chisinau')::date, d."terminal_id", v."code", v."rateBp",
  sum(CASE WHEN d."type" = 'sale' THEN v."taxableAmount" ELSE 0 END),
  sum(CASE WHEN d."type" = 'sale' THEN v."vatAmount" ELSE 0 END),
  sum(CASE WHEN d."type" = 'refund' THEN v."taxableAmount" ELSE 0 END),
  sum(CASE WHEN d."type" = 'refund' THEN v."vatAmount" ELSE 0 END)
FROM "fiscal_documents" d
  CROSS JOIN jsonb_to_recordset(d."vat") AS v("code" text, "rateBp" integer, "taxableAmount" bigint, "vatAmount" bigint)
WHERE d."type" IN ('sale', 'refund') AND d."status" <> 'failed'
GROUP BY 1, 2, 3, 4, 5;
