CREATE TABLE "job_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"every_seconds" integer NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_enqueued_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"singleton_key" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "radio_current" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone,
	"poll_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"signal" double precision,
	"ccq" double precision,
	"wlan_rx_rate" double precision,
	"wlan_tx_rate" double precision,
	"lan_speed" smallint,
	"essid" text,
	"uptime" bigint,
	"lan_rx_counter" bigint,
	"lan_tx_counter" bigint,
	"hostname" text,
	"model" text,
	"firmware" text
);
--> statement-breakpoint
CREATE TABLE "radio_samples" (
	"device_id" integer NOT NULL,
	"interval" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"samples" integer DEFAULT 1 NOT NULL,
	"signal" double precision,
	"ccq" double precision,
	"wlan_rx_rate" double precision,
	"wlan_tx_rate" double precision,
	"lan_rx_bytes" bigint,
	"lan_tx_bytes" bigint,
	"lan_speed" smallint,
	"uptime" bigint,
	CONSTRAINT "radio_samples_pk" PRIMARY KEY("device_id","interval","bucket"),
	CONSTRAINT "radio_samples_interval_ck" CHECK ("interval" IN ('minute', 'hour', 'day', 'week'))
);
--> statement-breakpoint
CREATE TABLE "router_current" (
	"router_id" integer PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone,
	"poll_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"interface_name" text,
	"rx_bits_per_second" bigint,
	"tx_bits_per_second" bigint,
	"pppoe_sessions" integer,
	"pppoe_clients" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "router_samples" (
	"router_id" integer NOT NULL,
	"interval" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"samples" integer DEFAULT 1 NOT NULL,
	"rx_bits_per_second" double precision,
	"tx_bits_per_second" double precision,
	"pppoe_sessions" double precision,
	CONSTRAINT "router_samples_pk" PRIMARY KEY("router_id","interval","bucket"),
	CONSTRAINT "router_samples_interval_ck" CHECK ("interval" IN ('minute', 'hour', 'day', 'week'))
);
--> statement-breakpoint
ALTER TABLE "radio_current" ADD CONSTRAINT "radio_current_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_samples" ADD CONSTRAINT "radio_samples_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "router_current" ADD CONSTRAINT "router_current_router_id_routers_id_fk" FOREIGN KEY ("router_id") REFERENCES "public"."routers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "router_samples" ADD CONSTRAINT "router_samples_router_id_routers_id_fk" FOREIGN KEY ("router_id") REFERENCES "public"."routers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_uq" ON "jobs" USING btree ("name","singleton_key") WHERE "jobs"."state" IN ('queued', 'active') AND "jobs"."singleton_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "radio_samples_interval_bucket_idx" ON "radio_samples" USING btree ("interval","bucket");--> statement-breakpoint
CREATE INDEX "router_samples_interval_bucket_idx" ON "router_samples" USING btree ("interval","bucket");