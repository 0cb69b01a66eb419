CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE SEQUENCE "public"."contract_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"profile" text DEFAULT 'readonly' NOT NULL,
	"description" text,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"never_expires" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_used" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_refresh_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"nombre" text NOT NULL,
	"apellidos" text DEFAULT '' NOT NULL,
	"user_name" text NOT NULL,
	"id_perfil_usuario" integer NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"picture" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"api_key_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "agenda" (
	"id" serial PRIMARY KEY NOT NULL,
	"contrato_id" integer,
	"fecha_evento" timestamp with time zone NOT NULL,
	"accion_realizar" text DEFAULT '' NOT NULL,
	"titulo" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contratos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"calle" text DEFAULT '' NOT NULL,
	"numero" text DEFAULT '' NOT NULL,
	"colonia" text DEFAULT '' NOT NULL,
	"comunidad" text DEFAULT '' NOT NULL,
	"estado" text DEFAULT 'Hidalgo' NOT NULL,
	"cp" text DEFAULT '' NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"tipo" integer DEFAULT 1 NOT NULL,
	"no" integer DEFAULT 0 NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"costo_instalacion" numeric(12, 2) NOT NULL,
	"mac" text DEFAULT '' NOT NULL,
	"fecha_contratacion" date NOT NULL,
	"id_grupo" integer DEFAULT 0 NOT NULL,
	"cortado" boolean DEFAULT false NOT NULL,
	"facturar" boolean DEFAULT false NOT NULL,
	"fecha_agenda" timestamp with time zone,
	"activo" boolean DEFAULT true NOT NULL,
	"fecha_cancelacion" timestamp with time zone,
	"motivo_cancelacion" text,
	"router_id" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registros" (
	"id" serial PRIMARY KEY NOT NULL,
	"contrato_id" integer NOT NULL,
	"log1" text NOT NULL,
	"user_id" integer,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "soporte" (
	"id" serial PRIMARY KEY NOT NULL,
	"contrato_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"observaciones" text DEFAULT '' NOT NULL,
	"telefono_cliente" text DEFAULT '' NOT NULL,
	"prioridad" integer DEFAULT 4 NOT NULL,
	"estado" text DEFAULT 'Abierto' NOT NULL,
	"asignado_a" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "soporte_historial" (
	"id" serial PRIMARY KEY NOT NULL,
	"soporte_id" integer NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"campo" text NOT NULL,
	"antes" text,
	"despues" text
);
--> statement-breakpoint
CREATE TABLE "movimiento_financiero_categorias" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"icono" text DEFAULT 'Category' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cortes_caja" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_cuenta" integer NOT NULL,
	"fecha" date NOT NULL,
	"esperado" numeric(12, 2) NOT NULL,
	"contado" numeric(12, 2) NOT NULL,
	"diferencia" numeric(12, 2) NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	"cerrado_por" integer,
	"cerrado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"reabierto_por" integer,
	"reabierto_en" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cuentas" (
	"id" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"grupo" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movimientos_financieros_gastos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_gasto" integer NOT NULL,
	"id_cuenta" integer NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"tipo_gasto" text DEFAULT '' NOT NULL,
	"numero_servicio" text DEFAULT '' NOT NULL,
	"nombre_punto" text DEFAULT '' NOT NULL,
	"periodo" text DEFAULT '' NOT NULL,
	"fecha_pago_programada" date,
	"fecha_realizacion" date,
	"estado_pago" text DEFAULT 'Pendiente' NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	"es_gasto" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movimientos_bancarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_cuenta" integer NOT NULL,
	"fecha_realizacion" date NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"referencia" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"import_key" text NOT NULL,
	"import_batch" uuid,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagos" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contrato_id" integer NOT NULL,
	"fecha_pago" timestamp with time zone NOT NULL,
	"fecha_inicio" date NOT NULL,
	"fecha_finalizacion" date NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"monto_base" numeric(12, 2) NOT NULL,
	"meses_cubiertos" integer DEFAULT 1 NOT NULL,
	"id_cuenta" integer NOT NULL,
	"referencia" text DEFAULT '' NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	"reconexion" boolean DEFAULT false NOT NULL,
	"facturar" boolean DEFAULT false NOT NULL,
	"id_movimiento_financiero" integer,
	"idempotency_key" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recibos" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid NOT NULL,
	"pago_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"direccion" text NOT NULL,
	"colonia" text NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"monto_contrato" numeric(12, 2) NOT NULL,
	"reconexion" boolean DEFAULT false NOT NULL,
	"fecha_pago" timestamp with time zone NOT NULL,
	"fecha_inicio" date NOT NULL,
	"fecha_finalizacion" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_stats" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ccq" integer,
	"signal" integer,
	"wlan_rx_rate" integer,
	"wlan_tx_rate" integer,
	"lan_speed" integer,
	"essid" text,
	"lan_tx_bytes" bigint,
	"lan_rx_bytes" bigint,
	"uptime" integer
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hwaddr" text NOT NULL,
	"hostname" text DEFAULT '' NOT NULL,
	"ipaddr" text DEFAULT '' NOT NULL,
	"siteid" integer,
	"product" text DEFAULT '' NOT NULL,
	"contrato_id" integer,
	"lan_tx_bytes" bigint DEFAULT 0 NOT NULL,
	"last_stats_time" timestamp with time zone,
	"borrado" boolean DEFAULT false NOT NULL,
	"id_usuario" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "router_traffic" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"router_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"rx_bits_per_second" bigint NOT NULL,
	"tx_bits_per_second" bigint NOT NULL,
	"total_connections" integer DEFAULT 0 NOT NULL,
	"online" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routers" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"host" text NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password_enc" text,
	"port" integer DEFAULT 8728 NOT NULL,
	"database" text DEFAULT '' NOT NULL,
	"table" text DEFAULT '' NOT NULL,
	"column" text DEFAULT '' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"hostname" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"additional_info" text DEFAULT '' NOT NULL,
	"additional_info2" text DEFAULT '' NOT NULL,
	"additional_info3" text DEFAULT '' NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"url" text DEFAULT '' NOT NULL,
	"id_site" integer DEFAULT 0 NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password_enc" text,
	"id_usuario" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"reason" text NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text NOT NULL,
	"email" text NOT NULL,
	"telefono" text NOT NULL,
	"puesto" text NOT NULL,
	"departamento" text NOT NULL,
	"fecha_ingreso" date NOT NULL,
	"salario" numeric(12, 2) NOT NULL,
	"dias_vacaciones" integer DEFAULT 12 NOT NULL,
	"dias_usados" integer DEFAULT 0 NOT NULL,
	"faltas" integer DEFAULT 0 NOT NULL,
	"estado" text DEFAULT 'activo' NOT NULL,
	"direccion" text DEFAULT '' NOT NULL,
	"emergencia_contacto" text DEFAULT '' NOT NULL,
	"emergencia_telefono" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vacations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"type" text DEFAULT 'vacaciones' NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance" text NOT NULL,
	"message_id" text NOT NULL,
	"remote_jid" text NOT NULL,
	"from_me" boolean NOT NULL,
	"from_number" text DEFAULT '' NOT NULL,
	"to_number" text DEFAULT '' NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sender_name" text,
	"is_group" boolean DEFAULT false NOT NULL,
	"message_type" text DEFAULT 'conversation' NOT NULL,
	"conversation_id" text NOT NULL,
	"raw" jsonb,
	"read_at" timestamp with time zone,
	"instance_id" integer
);
--> statement-breakpoint
CREATE TABLE "messaging_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"department" text NOT NULL,
	"phone" text NOT NULL,
	"instance_name" text NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"api_key_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"url" text,
	"customer_id" integer,
	"customer_name" text,
	"color" text,
	"icon" text,
	"bg_color" text,
	"sender_id" integer
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda" ADD CONSTRAINT "agenda_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda" ADD CONSTRAINT "agenda_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_router_id_routers_id_fk" FOREIGN KEY ("router_id") REFERENCES "public"."routers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros" ADD CONSTRAINT "registros_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros" ADD CONSTRAINT "registros_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soporte" ADD CONSTRAINT "soporte_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soporte" ADD CONSTRAINT "soporte_asignado_a_users_id_fk" FOREIGN KEY ("asignado_a") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soporte" ADD CONSTRAINT "soporte_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soporte_historial" ADD CONSTRAINT "soporte_historial_soporte_id_soporte_id_fk" FOREIGN KEY ("soporte_id") REFERENCES "public"."soporte"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soporte_historial" ADD CONSTRAINT "soporte_historial_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cortes_caja" ADD CONSTRAINT "cortes_caja_id_cuenta_cuentas_id_fk" FOREIGN KEY ("id_cuenta") REFERENCES "public"."cuentas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cortes_caja" ADD CONSTRAINT "cortes_caja_cerrado_por_users_id_fk" FOREIGN KEY ("cerrado_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cortes_caja" ADD CONSTRAINT "cortes_caja_reabierto_por_users_id_fk" FOREIGN KEY ("reabierto_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_financieros_gastos" ADD CONSTRAINT "movimientos_financieros_gastos_id_gasto_movimiento_financiero_categorias_id_fk" FOREIGN KEY ("id_gasto") REFERENCES "public"."movimiento_financiero_categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_financieros_gastos" ADD CONSTRAINT "movimientos_financieros_gastos_id_cuenta_cuentas_id_fk" FOREIGN KEY ("id_cuenta") REFERENCES "public"."cuentas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_financieros_gastos" ADD CONSTRAINT "movimientos_financieros_gastos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_bancarios" ADD CONSTRAINT "movimientos_bancarios_id_cuenta_cuentas_id_fk" FOREIGN KEY ("id_cuenta") REFERENCES "public"."cuentas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_bancarios" ADD CONSTRAINT "movimientos_bancarios_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_id_cuenta_cuentas_id_fk" FOREIGN KEY ("id_cuenta") REFERENCES "public"."cuentas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_id_movimiento_financiero_movimientos_bancarios_id_fk" FOREIGN KEY ("id_movimiento_financiero") REFERENCES "public"."movimientos_bancarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibos" ADD CONSTRAINT "recibos_pago_id_pagos_id_fk" FOREIGN KEY ("pago_id") REFERENCES "public"."pagos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibos" ADD CONSTRAINT "recibos_cliente_id_contratos_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_stats" ADD CONSTRAINT "device_stats_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_siteid_sites_id_fk" FOREIGN KEY ("siteid") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_id_usuario_users_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "router_traffic" ADD CONSTRAINT "router_traffic_router_id_routers_id_fk" FOREIGN KEY ("router_id") REFERENCES "public"."routers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routers" ADD CONSTRAINT "routers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_id_usuario_users_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_instance_id_messaging_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."messaging_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_uq" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "agenda_fecha_idx" ON "agenda" USING btree ("fecha_evento");--> statement-breakpoint
CREATE INDEX "agenda_contrato_idx" ON "agenda" USING btree ("contrato_id","fecha_evento");--> statement-breakpoint
CREATE UNIQUE INDEX "contratos_no_uq" ON "contratos" USING btree ("no") WHERE "contratos"."no" > 0;--> statement-breakpoint
CREATE INDEX "contratos_nombre_idx" ON "contratos" USING btree ("nombre");--> statement-breakpoint
CREATE INDEX "contratos_search_trgm" ON "contratos" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contratos_comunidad_idx" ON "contratos" USING btree ("comunidad");--> statement-breakpoint
CREATE INDEX "registros_contrato_idx" ON "registros" USING btree ("contrato_id","fecha_creacion");--> statement-breakpoint
CREATE INDEX "soporte_contrato_idx" ON "soporte" USING btree ("contrato_id","created_at");--> statement-breakpoint
CREATE INDEX "soporte_estado_idx" ON "soporte" USING btree ("estado","prioridad");--> statement-breakpoint
CREATE INDEX "soporte_historial_idx" ON "soporte_historial" USING btree ("soporte_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "cortes_cuenta_fecha_uq" ON "cortes_caja" USING btree ("id_cuenta","fecha");--> statement-breakpoint
CREATE INDEX "gastos_fecha_idx" ON "movimientos_financieros_gastos" USING btree ("fecha_realizacion");--> statement-breakpoint
CREATE INDEX "gastos_categoria_idx" ON "movimientos_financieros_gastos" USING btree ("id_gasto","fecha_realizacion");--> statement-breakpoint
CREATE INDEX "gastos_cuenta_idx" ON "movimientos_financieros_gastos" USING btree ("id_cuenta","fecha_realizacion");--> statement-breakpoint
CREATE UNIQUE INDEX "movimientos_import_key_uq" ON "movimientos_bancarios" USING btree ("import_key");--> statement-breakpoint
CREATE INDEX "movimientos_referencia_trgm" ON "movimientos_bancarios" USING gin (lower("referencia") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "movimientos_fecha_idx" ON "movimientos_bancarios" USING btree ("fecha_realizacion");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_guid_uq" ON "pagos" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_idempotency_uq" ON "pagos" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_movimiento_uq" ON "pagos" USING btree ("id_movimiento_financiero");--> statement-breakpoint
CREATE INDEX "pagos_contrato_idx" ON "pagos" USING btree ("contrato_id","fecha_finalizacion");--> statement-breakpoint
CREATE INDEX "pagos_fecha_idx" ON "pagos" USING btree ("fecha_pago");--> statement-breakpoint
CREATE INDEX "pagos_cuenta_fecha_idx" ON "pagos" USING btree ("id_cuenta","fecha_pago");--> statement-breakpoint
CREATE INDEX "pagos_referencia_idx" ON "pagos" USING btree ("referencia");--> statement-breakpoint
CREATE UNIQUE INDEX "recibos_guid_uq" ON "recibos" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "recibos_pago_uq" ON "recibos" USING btree ("pago_id");--> statement-breakpoint
CREATE INDEX "recibos_cliente_idx" ON "recibos" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "recibos_fecha_idx" ON "recibos" USING btree ("fecha_pago");--> statement-breakpoint
CREATE INDEX "device_stats_device_at_idx" ON "device_stats" USING btree ("device_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_hwaddr_uq" ON "devices" USING btree ("hwaddr");--> statement-breakpoint
CREATE INDEX "devices_site_idx" ON "devices" USING btree ("siteid");--> statement-breakpoint
CREATE INDEX "devices_contrato_idx" ON "devices" USING btree ("contrato_id");--> statement-breakpoint
CREATE INDEX "router_traffic_router_at_idx" ON "router_traffic" USING btree ("router_id","at");--> statement-breakpoint
CREATE INDEX "attendance_employee_idx" ON "attendance" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "vacations_employee_idx" ON "vacations" USING btree ("employee_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_instance_msg_uq" ON "messages" USING btree ("instance","message_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","timestamp");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");