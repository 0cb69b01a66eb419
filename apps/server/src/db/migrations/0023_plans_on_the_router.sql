CREATE TABLE "planes" (
	"id" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"bajada_mbps" double precision NOT NULL,
	"subida_mbps" double precision NOT NULL,
	"rafaga" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "router_eventos" (
	"id" serial PRIMARY KEY NOT NULL,
	"router_id" integer NOT NULL,
	"contrato_id" integer,
	"accion" text NOT NULL,
	"estado" text NOT NULL,
	"mensaje" text DEFAULT '' NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "password_pppoe_enc" text;--> statement-breakpoint
ALTER TABLE "routers" ADD COLUMN "provisioning_mode" text DEFAULT 'ninguno' NOT NULL;--> statement-breakpoint
ALTER TABLE "router_eventos" ADD CONSTRAINT "router_eventos_router_id_routers_id_fk" FOREIGN KEY ("router_id") REFERENCES "public"."routers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "router_eventos_router_idx" ON "router_eventos" USING btree ("router_id","id");--> statement-breakpoint
-- hand-written: the spec's eight service types as plans (docs/business-rules.md "Plans").
INSERT INTO "planes" ("id", "nombre", "monto", "bajada_mbps", "subida_mbps") VALUES
  (1, 'Residencial hasta 3 Mbps', 300, 3, 1),
  (2, 'Oficina hasta 6 Mbps', 500, 6, 2),
  (3, 'Cybercafe hasta 10 Mbps', 800, 10, 3),
  (4, 'Extremo hasta 20 Mbps', 1200, 20, 5),
  (5, 'Residencial simétrico', 500, 3, 3),
  (6, 'Oficina simétrico', 1000, 6, 6),
  (7, 'Cybercafe simétrico', 1700, 10, 10),
  (8, 'Extremo simétrico', 2300, 20, 20)
ON CONFLICT ("id") DO NOTHING;
