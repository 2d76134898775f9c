CREATE TABLE "project_collections" (
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_collections_user_id_project_id_pk" PRIMARY KEY("user_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_members_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "project_visits" (
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_visits_user_id_project_id_pk" PRIMARY KEY("user_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "spaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"company_id" uuid,
	"creator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "uploader_id" uuid;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "space_id" uuid;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "quota_account" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_collections" ADD CONSTRAINT "project_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_collections" ADD CONSTRAINT "project_collections_project_id_spaces_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_spaces_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_visits" ADD CONSTRAINT "project_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_visits" ADD CONSTRAINT "project_visits_project_id_spaces_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_members_user_idx" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_visits_recent_idx" ON "project_visits" USING btree ("user_id","visited_at");--> statement-breakpoint
CREATE INDEX "spaces_company_idx" ON "spaces" USING btree ("company_id","kind");--> statement-breakpoint
CREATE INDEX "spaces_creator_idx" ON "spaces" USING btree ("creator_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "spaces_singleton_uq" ON "spaces" USING btree ("kind") WHERE "spaces"."kind" in ('StandardInfo', 'component', 'blueprint');--> statement-breakpoint
CREATE UNIQUE INDEX "spaces_company_kb_uq" ON "spaces" USING btree ("company_id") WHERE "spaces"."kind" = 'Company';--> statement-breakpoint
CREATE UNIQUE INDEX "spaces_mine_kb_uq" ON "spaces" USING btree ("creator_id") WHERE "spaces"."kind" = 'Mine';--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_quota_idx" ON "uploads" USING btree ("quota_account");--> statement-breakpoint
UPDATE "files" SET "uploader_id" = "owner_id" WHERE "uploader_id" IS NULL;--> statement-breakpoint
UPDATE "uploads" SET "space_id" = "owner_id", "quota_account" = 'user:' || "owner_id" WHERE "space_id" IS NULL;
