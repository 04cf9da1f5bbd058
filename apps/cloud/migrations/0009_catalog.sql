CREATE TABLE "cashiers" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"pin_hash" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog_versions" (
	"merchant_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"delta_milli" bigint NOT NULL,
	"reason" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"request_hash" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"merchant_id" text NOT NULL,
	"code" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_rates_merchant_id_code_pk" PRIMARY KEY("merchant_id","code")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cashiers" ADD CONSTRAINT "cashiers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD CONSTRAINT "catalog_versions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashiers_merchant_version_idx" ON "cashiers" USING btree ("merchant_id","version");--> statement-breakpoint
CREATE INDEX "categories_merchant_version_idx" ON "categories" USING btree ("merchant_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_source_uq" ON "stock_movements" USING btree ("merchant_id","source_kind","source_id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "vat_rates_merchant_version_idx" ON "vat_rates" USING btree ("merchant_id","version");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_merchant_version_idx" ON "products" USING btree ("merchant_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "products_merchant_sku_uq" ON "products" USING btree ("merchant_id","sku") WHERE "products"."sku" is not null and "products"."deleted_at" is null;--> statement-breakpoint
-- Hand-written (not from the schema): products that existed before the catalog feed get
-- versions 1..n per merchant in their (updated_at, id) order, and the counter starts after
-- them, so a terminal's first sync (cursor 0) receives them.
UPDATE "products" SET "version" = ranked.n
FROM (SELECT "id", row_number() OVER (PARTITION BY "merchant_id" ORDER BY "updated_at", "id") AS n FROM "products") AS ranked
WHERE "products"."id" = ranked."id";--> statement-breakpoint
INSERT INTO "catalog_versions" ("merchant_id", "version")
SELECT "merchant_id", max("version") FROM "products" GROUP BY "merchant_id";--> statement-breakpoint
-- Hand-written: stock on hand before the ledger becomes its opening movement, so that from
-- now on a product's on_hand_milli always equals the sum of its movements.
INSERT INTO "stock_movements" ("id", "merchant_id", "product_id", "delta_milli", "reason", "source_kind", "source_id")
SELECT 'stm_opening_' || "id", "merchant_id", "id", "on_hand_milli", 'opening balance (migration 0009)', 'admin', 'opening:' || "id"
FROM "products" WHERE "on_hand_milli" <> 0;
