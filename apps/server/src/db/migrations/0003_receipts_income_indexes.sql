-- Edited by hand: drizzle-orm cannot declare INCLUDE, so the covering columns of pagos_fecha_cover_idx are added here.
DROP INDEX "pagos_fecha_idx";--> statement-breakpoint
CREATE INDEX "pagos_fecha_cover_idx" ON "pagos" USING btree ("fecha_pago") INCLUDE ("id_cuenta","monto");--> statement-breakpoint
CREATE INDEX "recibos_reconexion_idx" ON "recibos" USING btree ("fecha_pago" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "recibos"."reconexion";
