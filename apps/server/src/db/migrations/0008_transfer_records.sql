CREATE TABLE "transfer_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"file_type" smallint DEFAULT 2 NOT NULL,
	"source_type" smallint DEFAULT 2 NOT NULL,
	"main_iuid" text DEFAULT '' NOT NULL,
	"knowledge_base_type" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfer_records" ADD CONSTRAINT "transfer_records_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_records_owner_idx" ON "transfer_records" USING btree ("owner_id","created_at");