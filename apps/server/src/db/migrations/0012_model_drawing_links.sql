CREATE TABLE "model_drawing_links" (
	"model_id" uuid NOT NULL,
	"drawing_id" uuid NOT NULL,
	"linked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_drawing_links_model_id_drawing_id_pk" PRIMARY KEY("model_id","drawing_id")
);
--> statement-breakpoint
ALTER TABLE "model_drawing_links" ADD CONSTRAINT "model_drawing_links_model_id_files_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_drawing_links" ADD CONSTRAINT "model_drawing_links_drawing_id_files_id_fk" FOREIGN KEY ("drawing_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_drawing_links" ADD CONSTRAINT "model_drawing_links_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_drawing_links_drawing_idx" ON "model_drawing_links" USING btree ("drawing_id");