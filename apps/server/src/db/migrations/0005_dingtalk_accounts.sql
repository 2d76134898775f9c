CREATE TABLE "dingtalk_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corp_id" text NOT NULL,
	"union_id" text NOT NULL,
	"ding_user_id" text,
	"user_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"avatar_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dingtalk_accounts" ADD CONSTRAINT "dingtalk_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dingtalk_accounts_identity_uq" ON "dingtalk_accounts" USING btree ("corp_id","union_id");--> statement-breakpoint
CREATE INDEX "dingtalk_accounts_user_idx" ON "dingtalk_accounts" USING btree ("user_id");