CREATE TABLE "datos_fiscales" (
	"contrato_id" integer PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"razon_social" text NOT NULL,
	"regimen_fiscal" text NOT NULL,
	"codigo_postal" text NOT NULL,
	"uso_cfdi" text NOT NULL,
	"email" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "factura_global_pagos" (
	"factura_id" integer NOT NULL,
	"pago_id" integer NOT NULL,
	CONSTRAINT "factura_global_pagos_factura_id_pago_id_pk" PRIMARY KEY("factura_id","pago_id")
);
--> statement-breakpoint
CREATE TABLE "facturacion_ajustes" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"activa" boolean DEFAULT false NOT NULL,
	"automatica" boolean DEFAULT true NOT NULL,
	"serie" text DEFAULT 'F' NOT NULL,
	"serie_global" text DEFAULT 'G' NOT NULL,
	"clave_producto" text DEFAULT '81112100' NOT NULL,
	"clave_unidad" text DEFAULT 'E48' NOT NULL,
	"codigo_postal" text DEFAULT '' NOT NULL,
	"pac_key_enc" text,
	"activa_desde" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facturacion_ajustes_una_ck" CHECK ("facturacion_ajustes"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "facturas" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"pago_id" integer,
	"contrato_id" integer,
	"periodo" text,
	"parte" integer,
	"serie" text NOT NULL,
	"folio" integer,
	"uuid" text,
	"pac_id" text,
	"total" numeric(12, 2) NOT NULL,
	"estado" text NOT NULL,
	"motivo" text,
	"motivo_cancelacion" text,
	"sustituye_a" integer,
	"sustituta_id" integer,
	"intentos" integer DEFAULT 0 NOT NULL,
	"fecha" timestamp with time zone,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facturas_tipo_ck" CHECK ("facturas"."tipo" IN ('pago', 'global')),
	CONSTRAINT "facturas_estado_ck" CHECK ("facturas"."estado" IN ('pendiente', 'valida', 'cancelacion_pendiente', 'cancelada', 'error'))
);
--> statement-breakpoint
ALTER TABLE "datos_fiscales" ADD CONSTRAINT "datos_fiscales_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datos_fiscales" ADD CONSTRAINT "datos_fiscales_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factura_global_pagos" ADD CONSTRAINT "factura_global_pagos_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factura_global_pagos" ADD CONSTRAINT "factura_global_pagos_pago_id_pagos_id_fk" FOREIGN KEY ("pago_id") REFERENCES "public"."pagos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturacion_ajustes" ADD CONSTRAINT "facturacion_ajustes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_pago_id_pagos_id_fk" FOREIGN KEY ("pago_id") REFERENCES "public"."pagos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "factura_global_pagos_pago_idx" ON "factura_global_pagos" USING btree ("pago_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_pago_vigente_uq" ON "facturas" USING btree ("pago_id") WHERE "facturas"."estado" <> 'cancelada' AND "facturas"."tipo" = 'pago' AND "facturas"."sustituye_a" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_sustituye_uq" ON "facturas" USING btree ("sustituye_a") WHERE "facturas"."estado" <> 'cancelada';--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_global_parte_uq" ON "facturas" USING btree ("periodo","parte") WHERE "facturas"."estado" <> 'cancelada' AND "facturas"."tipo" = 'global';--> statement-breakpoint
CREATE INDEX "facturas_contrato_idx" ON "facturas" USING btree ("contrato_id","created_at");--> statement-breakpoint
CREATE INDEX "facturas_created_idx" ON "facturas" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "facturas_estado_idx" ON "facturas" USING btree ("estado");