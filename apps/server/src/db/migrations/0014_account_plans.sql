ALTER TABLE "companies" ADD COLUMN "plan_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_id" text;