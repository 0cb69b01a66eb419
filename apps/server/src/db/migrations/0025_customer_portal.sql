CREATE TABLE "pagos_en_linea" (
	"id" uuid PRIMARY KEY NOT NULL,
	"contrato_id" integer NOT NULL,
	"meses" integer NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"reconexion" boolean DEFAULT false NOT NULL,
	"facturar" boolean DEFAULT false NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"preference_id" text NOT NULL,
	"url_pago" text NOT NULL,
	"mp_payment_id" text,
	"mp_status" text,
	"pago_id" integer,
	"marcado" boolean DEFAULT false NOT NULL,
	"motivo_marca" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagos_en_linea_config" (
	"id" integer PRIMARY KEY NOT NULL,
	"activo" boolean DEFAULT false NOT NULL,
	"public_key" text DEFAULT '' NOT NULL,
	"access_token_enc" text,
	"webhook_secret_enc" text,
	"url_portal" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"contrato_id" integer,
	"phone_key" text NOT NULL,
	"ip" text NOT NULL,
	"code_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_locks" (
	"contrato_id" integer PRIMARY KEY NOT NULL,
	"wrong" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contrato_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "soporte" ADD COLUMN "origen" text DEFAULT 'personal' NOT NULL;--> statement-breakpoint
ALTER TABLE "pagos_en_linea" ADD CONSTRAINT "pagos_en_linea_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_en_linea" ADD CONSTRAINT "pagos_en_linea_pago_id_pagos_id_fk" FOREIGN KEY ("pago_id") REFERENCES "public"."pagos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_en_linea_config" ADD CONSTRAINT "pagos_en_linea_config_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_codes" ADD CONSTRAINT "portal_codes_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_locks" ADD CONSTRAINT "portal_locks_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pagos_en_linea_contrato_idx" ON "pagos_en_linea" USING btree ("contrato_id","created_at");--> statement-breakpoint
CREATE INDEX "pagos_en_linea_pendientes_idx" ON "pagos_en_linea" USING btree ("created_at") WHERE "pagos_en_linea"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "pagos_en_linea_fecha_idx" ON "pagos_en_linea" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pagos_en_linea_mp_idx" ON "pagos_en_linea" USING btree ("mp_payment_id");--> statement-breakpoint
CREATE INDEX "portal_codes_phone_idx" ON "portal_codes" USING btree ("phone_key","created_at");--> statement-breakpoint
CREATE INDEX "portal_codes_ip_idx" ON "portal_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "portal_codes_contrato_idx" ON "portal_codes" USING btree ("contrato_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sessions_token_uq" ON "portal_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_sessions_contrato_idx" ON "portal_sessions" USING btree ("contrato_id");