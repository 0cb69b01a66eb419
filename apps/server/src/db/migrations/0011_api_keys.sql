ALTER TABLE "api_keys" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_name_uq" ON "api_keys" USING btree (lower("name")) WHERE "api_keys"."deleted_at" is null;
