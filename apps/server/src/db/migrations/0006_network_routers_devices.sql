ALTER TABLE "contratos" ADD COLUMN "usuario_pppoe" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "ip_cliente" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "estado_red" text;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "estado_red_mensaje" text;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "estado_red_fecha" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "username" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "password_enc" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seen" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "routers" ADD COLUMN "tls" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "routers" ADD COLUMN "suspension_list" text DEFAULT 'airlink-cortados' NOT NULL;--> statement-breakpoint
ALTER TABLE "routers" ADD COLUMN "traffic_interface" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "contratos_router_idx" ON "contratos" USING btree ("router_id");