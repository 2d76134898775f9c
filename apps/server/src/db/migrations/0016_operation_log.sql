CREATE TABLE "operation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"actor_phone" text DEFAULT '' NOT NULL,
	"company_id" uuid,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"object_type" text DEFAULT '' NOT NULL,
	"object_id" text DEFAULT '' NOT NULL,
	"object_name" text DEFAULT '' NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "operation_log_at_idx" ON "operation_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "operation_log_company_idx" ON "operation_log" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "operation_log_actor_idx" ON "operation_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "operation_log_action_idx" ON "operation_log" USING btree ("action","at");