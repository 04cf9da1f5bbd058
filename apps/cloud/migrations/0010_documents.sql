CREATE TABLE "fiscal_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"operation_id" text NOT NULL,
	"revision" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"receipt_number" integer,
	"report_number" integer NOT NULL,
	"fiscal_code" text,
	"offline_fiscal_code" text,
	"mev_id" text,
	"total_minor" bigint NOT NULL,
	"sale_id" text,
	"refund_id" text,
	"vat" jsonb NOT NULL,
	"payments" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_operation_uq" ON "fiscal_documents" USING btree ("terminal_id","operation_id");--> statement-breakpoint
CREATE INDEX "fiscal_documents_merchant_created_idx" ON "fiscal_documents" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fiscal_documents_terminal_created_idx" ON "fiscal_documents" USING btree ("merchant_id","terminal_id","created_at","id");