CREATE TABLE "recordatorios" (
	"id" serial PRIMARY KEY NOT NULL,
	"contrato_id" integer NOT NULL,
	"periodo" date NOT NULL,
	"fecha_corte" date NOT NULL,
	"telefono" text NOT NULL,
	"estado" text NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"error" text,
	"tomado" timestamp with time zone,
	"enviado" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recordatorios" ADD CONSTRAINT "recordatorios_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recordatorios_contrato_periodo_uq" ON "recordatorios" USING btree ("contrato_id","periodo");--> statement-breakpoint
CREATE INDEX "recordatorios_pendientes_idx" ON "recordatorios" USING btree ("id") WHERE "recordatorios"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "recordatorios_creado_idx" ON "recordatorios" USING btree ("created_at");
