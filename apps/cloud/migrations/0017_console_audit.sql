ALTER TABLE "admin_audit_log" ADD COLUMN "actor_kind" text DEFAULT 'operator' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "actor_user_id" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "merchant_id" text;--> statement-breakpoint
CREATE INDEX "admin_audit_log_merchant_idx" ON "admin_audit_log" USING btree ("merchant_id","id");--> statement-breakpoint
ALTER TABLE "admin_idempotency" ADD COLUMN "scope" text DEFAULT 'operator' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_idempotency" DROP CONSTRAINT "admin_idempotency_pkey";--> statement-breakpoint
ALTER TABLE "admin_idempotency" ADD CONSTRAINT "admin_idempotency_scope_key_pk" PRIMARY KEY("scope","key");
