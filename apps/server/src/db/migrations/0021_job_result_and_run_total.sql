ALTER TABLE "jobs" ADD COLUMN "result" text;--> statement-breakpoint
ALTER TABLE "cortes_ejecuciones" ADD COLUMN "total" integer;