ALTER TABLE "sessions" ADD COLUMN "exchange_code_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "exchange_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "saldo_a_favor" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "abono" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "saldo_a_favor" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_exchange_code_uq" ON "sessions" USING btree ("exchange_code_hash");