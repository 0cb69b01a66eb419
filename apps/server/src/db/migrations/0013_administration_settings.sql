ALTER TABLE "cuentas" ADD COLUMN "orden" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "cuentas" SET "orden" = CASE "id" WHEN 4 THEN 1 WHEN 3 THEN 2 WHEN 2 THEN 3 WHEN 5 THEN 4 WHEN 6 THEN 5 WHEN 8 THEN 6 WHEN 9 THEN 7 WHEN 10 THEN 8 ELSE 100 + "id" END;--> statement-breakpoint
CREATE UNIQUE INDEX "movimiento_financiero_categorias_nombre_uq" ON "movimiento_financiero_categorias" USING btree (airlink_fold(btrim("nombre")));
