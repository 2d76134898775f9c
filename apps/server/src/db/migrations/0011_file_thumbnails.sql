ALTER TABLE "file_versions" ADD COLUMN "thumb_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "thumb_version" smallint DEFAULT 0 NOT NULL;