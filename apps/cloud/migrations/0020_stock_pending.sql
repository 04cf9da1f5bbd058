CREATE TABLE "stock_pending" (
	"merchant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"delta_milli" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stock_pending_merchant_idx" ON "stock_pending" USING btree ("merchant_id");