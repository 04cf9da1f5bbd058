ALTER TABLE "admin_audit_log" ADD COLUMN "subject_kind" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "subject_name" text;