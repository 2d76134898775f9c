CREATE TABLE "model_opens" (
	"socket_id" text NOT NULL,
	"tab_id" text DEFAULT '' NOT NULL,
	"user_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_opens_socket_id_file_id_pk" PRIMARY KEY("socket_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "model_opens" ADD CONSTRAINT "model_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_opens" ADD CONSTRAINT "model_opens_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_opens_file_idx" ON "model_opens" USING btree ("file_id","heartbeat_at");