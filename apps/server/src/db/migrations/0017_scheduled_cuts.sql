CREATE TABLE "cortes_ejecuciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" date NOT NULL,
	"estado" text NOT NULL,
	"modo" text NOT NULL,
	"confirmada" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"iniciada" timestamp with time zone,
	"terminada" timestamp with time zone,
	"deshecha_por" integer,
	"deshecha_en" timestamp with time zone,
	"mensaje" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cortes_resultados" (
	"id" serial PRIMARY KEY NOT NULL,
	"ejecucion_id" integer NOT NULL,
	"contrato_id" integer NOT NULL,
	"resultado" text NOT NULL,
	"mensaje" text,
	"dias_retraso" integer NOT NULL,
	"adeudo" numeric(12, 2) NOT NULL,
	"cortado_por_ejecucion" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "no_cortar" (
	"contrato_id" integer PRIMARY KEY NOT NULL,
	"motivo" text NOT NULL,
	"hasta" date NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cortes_ejecuciones" ADD CONSTRAINT "cortes_ejecuciones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cortes_ejecuciones" ADD CONSTRAINT "cortes_ejecuciones_deshecha_por_users_id_fk" FOREIGN KEY ("deshecha_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cortes_resultados" ADD CONSTRAINT "cortes_resultados_ejecucion_id_cortes_ejecuciones_id_fk" FOREIGN KEY ("ejecucion_id") REFERENCES "public"."cortes_ejecuciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cortes_resultados" ADD CONSTRAINT "cortes_resultados_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_cortar" ADD CONSTRAINT "no_cortar_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_cortar" ADD CONSTRAINT "no_cortar_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cortes_ejecuciones_fecha_uq" ON "cortes_ejecuciones" USING btree ("fecha") WHERE "cortes_ejecuciones"."estado" IN ('aprobada', 'en_curso', 'terminada');--> statement-breakpoint
CREATE UNIQUE INDEX "cortes_resultados_uq" ON "cortes_resultados" USING btree ("ejecucion_id","contrato_id");--> statement-breakpoint
CREATE INDEX "no_cortar_hasta_idx" ON "no_cortar" USING btree ("hasta");
