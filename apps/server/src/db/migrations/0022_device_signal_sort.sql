ALTER TABLE "devices" ADD COLUMN "signal" double precision;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "ccq" double precision;--> statement-breakpoint
CREATE INDEX "devices_signal_idx" ON "devices" USING btree ("signal","id");--> statement-breakpoint
CREATE INDEX "devices_ccq_idx" ON "devices" USING btree ("ccq","id");--> statement-breakpoint
CREATE INDEX "devices_last_seen_idx" ON "devices" USING btree ("last_seen","id");--> statement-breakpoint
UPDATE "devices" SET "signal" = rc."signal", "ccq" = rc."ccq" FROM "radio_current" rc WHERE rc."device_id" = "devices"."id";