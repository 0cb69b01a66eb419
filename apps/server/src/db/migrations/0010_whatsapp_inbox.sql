ALTER TABLE "messages" ADD COLUMN "sent_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "messaging_instances" ADD COLUMN "webhook_token" text;--> statement-breakpoint
ALTER TABLE "messaging_instances" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "messaging_instances" ADD COLUMN "state_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_instance_remote_idx" ON "messages" USING btree ("instance","remote_jid","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_instances_name_uq" ON "messaging_instances" USING btree ("instance_name");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_instances_webhook_token_uq" ON "messaging_instances" USING btree ("webhook_token");