ALTER TABLE "sessions" ADD COLUMN "token_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "prev_token_id" uuid;